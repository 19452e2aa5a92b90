/**
 * Runs once when a server starts, before it answers any request (Next awaits register). Makes the
 * server's log (lib/server/log.ts), takes SIGTERM and SIGINT for a graceful stop
 * (lib/server/shutdown.ts), then opens the app's database (lib/db): every server that shows anime keeps their records there (lib/records), and PGlite's
 * first opening is seconds of work on the main thread that must not stall a visitor's request (and
 * waits while another process still holds the data folder). A database that cannot open is logged
 * (lib/db) and tried again on first use; the server starts anyway.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // LOG_LEVEL first: a bad value stops the server here, naming the variable (Next would only
  // report a failed hook and go on listening).
  const { startServerLog } = await import('@/lib/server/log');
  try {
    startServerLog();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { installGracefulStop } = await import('@/lib/server/shutdown');
  installGracefulStop();
  const { getDb } = await import('@/lib/db');
  await getDb().catch(() => undefined);
}
