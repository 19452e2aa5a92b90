/**
 * Runs once when a server starts, before it answers any request (Next awaits register). Opens the
 * app's database (lib/db): every server that shows anime keeps their records there (lib/records),
 * and PGlite's first opening is seconds of work on the main thread that must not stall a
 * visitor's request. A database that cannot open is logged (lib/db) and tried again on first use;
 * the server starts anyway.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('@/lib/db');
  await getDb().catch(() => undefined);
}
