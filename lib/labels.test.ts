import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import { LABEL_KINDS, translateLabel } from './labels';

describe('translateLabel', () => {
  it('translates the SPEC §9 labels to Portuguese', () => {
    expect(translateLabel(pt.Labels.status, 'Finished Airing')).toBe('Finalizado');
    expect(translateLabel(pt.Labels.status, 'Currently Airing')).toBe('Em exibição');
    expect(translateLabel(pt.Labels.status, 'Not yet aired')).toBe('Ainda não exibido');
    expect(translateLabel(pt.Labels.type, 'Movie')).toBe('Filme');
    expect(translateLabel(pt.Labels.genre, 'Sci-Fi')).toBe('Ficção científica');
  });

  it('uses the card badge wording of SPEC §2 for statusBadge', () => {
    expect(translateLabel(pt.Labels.statusBadge, 'Currently Airing')).toBe('Em Exibição');
    expect(translateLabel(pt.Labels.statusBadge, 'Finished Airing')).toBe('Finalizado');
    expect(translateLabel(pt.Labels.statusBadge, 'Not yet aired')).toBe('Não Exibido');
    expect(translateLabel(pt.Labels.rating, 'PG-13 - Teens 13 or older')).toBe(
      'PG-13 - Adolescentes a partir de 13 anos',
    );
  });

  it('falls back to the raw value for anything the dictionary does not know', () => {
    expect(translateLabel(pt.Labels.genre, 'Isekai')).toBe('Isekai');
    expect(translateLabel(pt.Labels.type, 'Web Special')).toBe('Web Special');
    // Not an inherited property, not a key path.
    expect(translateLabel(pt.Labels.genre, 'constructor')).toBe('constructor');
    expect(translateLabel(pt.Labels.genre, 'toString')).toBe('toString');
    expect(translateLabel(pt.Labels.genre, 'Sci.Fi')).toBe('Sci.Fi');
  });

  it('answers null when there is nothing to show', () => {
    expect(translateLabel(pt.Labels.status, null)).toBeNull();
    expect(translateLabel(pt.Labels.status, undefined)).toBeNull();
    expect(translateLabel(pt.Labels.status, '   ')).toBeNull();
  });

  it('trims what Jikan sent before looking it up', () => {
    expect(translateLabel(pt.Labels.type, ' Movie ')).toBe('Filme');
  });

  it('has the same label keys in both languages', () => {
    for (const kind of LABEL_KINDS) {
      expect(Object.keys(en.Labels[kind]).sort()).toEqual(Object.keys(pt.Labels[kind]).sort());
    }
  });
});
