import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonTooDeep } from './json-depth';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('jsonTooDeep', () => {
  it('accepts ordinary bodies up to the bound, objects and arrays alike', () => {
    expect(jsonTooDeep('{"ops":[{"entry":{"tags":["a","b"]}}]}')).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(3) + '1' + '}'.repeat(3), 3)).toBe(false);
    expect(jsonTooDeep('')).toBe(false);
  });

  it('refuses one level past the bound', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(4) + '1' + '}'.repeat(4), 3)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ note: '[[[[[[[[[[{{{{{{{{{{' }), 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ note: 'say \\"[[[[ and "{{{{' }), 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(['a\\', [['b']]]), 2)).toBe(true);
  });

  it('measures a million levels (2 MB) in one pass, with no recursion', () => {
    const hostile = nested(1_000_000);
    expect(jsonTooDeep(hostile)).toBe(true);
    // The same with the bound never met: one linear pass to the end, no stack to overflow.
    expect(jsonTooDeep(hostile, 2_000_000)).toBe(false);
  });
});
