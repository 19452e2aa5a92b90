import { describe, expect, it } from 'vitest';
import { memoryDatabase } from '@/test/support/database';
import { databaseGeneration, renewDatabaseGeneration } from './generation';

describe('database generation', () => {
  const open = memoryDatabase();

  it('is created once and then kept', async () => {
    const first = await databaseGeneration(open().db);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await databaseGeneration(open().db)).toBe(first);
  });

  it('changes when renewed, and the new one is kept', async () => {
    const before = await databaseGeneration(open().db);
    const renewed = await renewDatabaseGeneration(open().db);
    expect(renewed).not.toBe(before);
    expect(await databaseGeneration(open().db)).toBe(renewed);
  });
});
