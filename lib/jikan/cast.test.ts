import { describe, expect, it } from 'vitest';
import { animeById, animeExtras } from '@/e2e/fake-upstream/fixtures.mjs';
import { jikanCharactersSchema, jikanStaffSchema, toCharacters, toStaff } from './cast';
import { toAnimeDetails } from './mappers';
import { jikanAnimeSchema } from './schemas';

describe('cast mappers', () => {
  it('reads the characters Jikan recorded for Sword Art Online, with their Japanese and English voices', () => {
    const raw = jikanCharactersSchema.parse({ data: animeExtras(11757, 'characters') });
    expect(toCharacters(raw).characters).toEqual([
      {
        id: 36765,
        name: 'Kirigaya, Kazuto',
        image: expect.stringMatching(/^https:\/\/cdn\.myanimelist\.net\//),
        role: 'Main',
        voices: [
          { id: 732, name: 'Papenbrook, Bryce', language: 'English' },
          { id: 11817, name: 'Matsuoka, Yoshitsugu', language: 'Japanese' },
        ],
      },
    ]);
  });

  it('puts main characters first, keeps only the dubs the page shows and drops nameless entries', () => {
    const person = (id: number, name: string | null) => ({ mal_id: id, name, images: null });
    const raw = jikanCharactersSchema.parse({
      data: [
        { character: person(1, 'Side'), role: 'Supporting', voice_actors: [] },
        {
          character: person(2, 'Lead'),
          role: 'Main',
          voice_actors: [
            { person: person(10, 'Voz'), language: 'Portuguese (BR)' },
            { person: person(11, 'Voix'), language: 'French' },
            { person: null, language: 'Japanese' },
          ],
        },
        { character: person(3, null), role: 'Main', voice_actors: null },
      ],
    });
    const { characters } = toCharacters(raw);
    expect(characters.map((c) => c.name)).toEqual(['Lead', 'Side']);
    expect(characters[0]!.voices).toEqual([{ id: 10, name: 'Voz', language: 'Portuguese (BR)' }]);
  });

  it('keeps director, series composition and music from the staff', () => {
    const raw = jikanStaffSchema.parse({
      data: [
        ...(animeExtras(11757, 'staff') as unknown[]),
        { person: { mal_id: 5, name: 'Director, A', images: null }, positions: ['Director', 'Storyboard'] },
        { person: { mal_id: 6, name: 'Composer, B', images: null }, positions: ['Music'] },
      ],
    });
    expect(toStaff(raw).staff).toEqual([
      { id: 5, name: 'Director, A', positions: ['Director'] },
      { id: 6, name: 'Composer, B', positions: ['Music'] },
    ]);
  });
});

describe('relations in the record', () => {
  it('keeps each kind and entry of /full, and the first air date', () => {
    const details = toAnimeDetails(jikanAnimeSchema.parse(animeById(4181, { full: true })));
    expect(details.airedFrom).toBe('2008-10-03');
    expect(details.relations).toEqual([
      { relation: 'Prequel', entries: [{ id: 2167, type: 'anime', name: 'Clannad' }] },
      {
        relation: 'Side story',
        entries: [{ id: 6351, type: 'anime', name: 'Clannad: After Story - Mou Hitotsu no Sekai, Kyou-hen' }],
      },
    ]);
  });

  it('leaves relations absent for a basic record', () => {
    expect(
      toAnimeDetails(jikanAnimeSchema.parse(animeById(4181, { full: false }))).relations,
    ).toBeUndefined();
  });
});
