/**
 * Signing out stops the sync in every tab first (lib/library/engine.ts endLibrarySession); when
 * signing out then fails, the sign-out control asks the session to start syncing again.
 */
const RESUME_SYNC_EVENT = 'anime-master-sync-resume';

/** Asks this tab's sync session (components/library/library-sync-session.tsx) to start again. */
export function resumeSync(): void {
  window.dispatchEvent(new Event(RESUME_SYNC_EVENT));
}

/** Calls `listener` whenever resumeSync is asked for; answers the unsubscribe. */
export function onResumeSync(listener: () => void): () => void {
  window.addEventListener(RESUME_SYNC_EVENT, listener);
  return () => window.removeEventListener(RESUME_SYNC_EVENT, listener);
}
