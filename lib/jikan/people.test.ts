import { describe, expect, it } from 'vitest';
import { testAnime } from './test-anime';
import { viewPerson, type KeptPerson } from './people';

const credit = (id: number, title: string, character: string | null = null) => ({
  anime: { id, title, image: null },
  character: character ? { id: id * 10, name: character } : null,
  role: character ? 'Main' : 'Director',
});

const person: KeptPerson = {
  id: 11817,
  name: 'Yoshitsugu Matsuoka',
  givenName: null,
  familyName: null,
  alternateNames: [],
  birthday: null,
  image: null,
  credits: [
    credit(1, 'Old', 'A'),
    credit(2, 'New', 'B'),
    credit(3, 'Adult', 'C'),
    credit(4, 'Unknown', 'D'),
    credit(5, 'Undated', 'E'),
  ],
};

const known = new Map([
  [1, testAnime({ id: 1, year: 2012 })],
  [2, testAnime({ id: 2, year: 2019 })],
  [3, testAnime({ id: 3, year: 2020, rating: 'R+ - Mild Nudity' })],
  [5, testAnime({ id: 5, year: null })],
]);

describe('viewPerson', () => {
  it('lists credits newest first, undated last, with their years', () => {
    const view = viewPerson(person, known, { adult: true });
    expect(view.credits.map((entry) => [entry.anime.title, entry.year])).toEqual([
      ['Adult', 2020],
      ['New', 2019],
      ['Old', 2012],
      ['Unknown', null],
      ['Undated', null],
    ]);
    expect(view.withheld).toBe(0);
  });

  it('withholds from a visitor credits of adult anime and of anime whose rating is unknown, and counts them', () => {
    const view = viewPerson(person, known, { adult: false });
    expect(view.credits.map((entry) => entry.anime.title)).toEqual(['New', 'Old', 'Undated']);
    expect(view.withheld).toBe(2);
  });
});
