import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins the class names given, in order, dropping falsy ones', () => {
    const on = true;
    const off = false;
    expect(cn('a', on && 'b', off && 'c', undefined, null, '', 'd')).toBe('a b d');
  });

  it('is empty with nothing to join', () => {
    expect(cn()).toBe('');
    expect(cn(undefined, false)).toBe('');
  });
});
