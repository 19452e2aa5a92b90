'use client';

import { CloudOff, RotateCcw, Trash2 } from 'lucide';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useState, useSyncExternalStore } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { countValues, formatCount } from '@/lib/i18n/format-count';
import {
  isSyncOptedOut,
  useSyncStatus,
  type RefusedSummary,
  type SyncErrorKind,
  type SyncStatus,
} from '@/lib/library/status';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';

const ERROR_KEYS = {
  network: 'syncErrorNetwork',
  server: 'syncErrorServer',
  rejected: 'syncErrorRejected',
  signedOut: 'syncErrorSignedOut',
  reset: 'syncErrorReset',
  full: 'syncErrorFull',
} as const satisfies Record<SyncErrorKind, string>;

const REASON_KEYS = {
  tooLarge: 'syncRefusedTooLarge',
  invalid: 'syncRefusedInvalid',
  full: 'syncRefusedFull',
} as const satisfies Record<RefusedSummary['reason'], string>;

/** The server's default bound, for a status written before the server named it. */
const DEFAULT_LIMIT = 50_000;

const PHASE_KEYS = {
  idle: 'syncIdle',
  syncing: 'syncSyncing',
  offline: 'syncOffline',
  off: 'syncOff',
  error: 'syncErrorState',
} as const satisfies Record<SyncStatus['phase'], string>;

/** Re-reads the opt-out flag when any tab changes it. */
function useOptedOut(uid: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('storage', onChange);
      window.addEventListener('anime-master-sync-optout', onChange);
      return () => {
        window.removeEventListener('storage', onChange);
        window.removeEventListener('anime-master-sync-optout', onChange);
      };
    },
    () => isSyncOptedOut(uid),
    () => false,
  );
}

/**
 * Settings › Conta › Sincronização: where the library sync stands (last synced, pending changes,
 * error, the changes the server refused), "Manter dados só neste aparelho", and "Apagar meus dados
 * sincronizados".
 */
export function SyncSection({ uid }: { uid: string }) {
  const t = useTranslations('AccountTab');
  const format = useFormatter();
  const locale = useLocale();
  const status = useSyncStatus(uid);
  const optedOut = useOptedOut(uid);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const checkboxId = useId();
  const hintId = useId();

  const phase: SyncStatus['phase'] = optedOut ? 'off' : (status?.phase ?? 'syncing');
  const error = status?.error ?? null;
  const refused = status?.refused ?? [];
  const refusedCount = status?.refusedCount ?? refused.length;

  const retry = () => {
    void import('@/lib/library/engine').then(({ retryRefusedChanges }) => retryRefusedChanges(uid));
  };

  const toggle = async (localOnly: boolean) => {
    const { setSyncEnabled } = await import('@/lib/library/engine');
    setSyncEnabled(uid, !localOnly);
    window.dispatchEvent(new Event('anime-master-sync-optout'));
  };

  const erase = async () => {
    setBusy(true);
    try {
      const token = await useAuthStore.getState().getIdToken();
      if (!token) throw new Error('no token');
      const { deleteSyncedData } = await import('@/lib/library/engine');
      await deleteSyncedData(uid, token);
      window.dispatchEvent(new Event('anime-master-sync-optout'));
      setOpen(false);
      showToast(t('syncDeleted'), 'success');
    } catch {
      showToast(t('syncDeleteFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="sync-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4"
    >
      <h3 id="sync-title" className="text-base font-semibold">
        {t('syncTitle')}
      </h3>
      <p className="text-sm text-muted">{t('syncText')}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-3" data-testid="sync-status">
        <div>
          <dt className="text-muted">{t('syncState')}</dt>
          <dd className="font-semibold">{t(PHASE_KEYS[phase])}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('syncLast')}</dt>
          <dd className="font-semibold">
            {status?.lastSyncedAt
              ? format.dateTime(new Date(status.lastSyncedAt), { dateStyle: 'short', timeStyle: 'medium' })
              : t('syncNever')}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('syncPending')}</dt>
          <dd className="font-semibold">{format.number(status?.pending ?? 0)}</dd>
        </div>
      </dl>
      {error && (phase === 'error' || phase === 'offline' || error === 'reset') && (
        <p role="status" className="text-sm text-error">
          {error === 'full'
            ? t('syncErrorFull', { limit: formatCount(status?.limit ?? DEFAULT_LIMIT, locale) })
            : t(ERROR_KEYS[error])}
        </p>
      )}
      {refusedCount > 0 && (
        <div className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="sync-refused">
          <p className="text-sm font-semibold">{t('syncRefusedTitle', countValues(refusedCount, locale))}</p>
          <p className="text-sm text-muted">{t('syncRefusedHint')}</p>
          <ul className="flex flex-col gap-1 text-sm">
            {refused.map((change) => (
              <li key={`${change.kind}:${change.key}`}>
                {change.kind === 'prefs'
                  ? t('syncRefusedPrefs')
                  : (change.title ?? t('syncRefusedAnime', { id: change.key }))}
                {' — '}
                <span className="text-muted">{t(REASON_KEYS[change.reason])}</span>
              </li>
            ))}
          </ul>
          <button type="button" className={buttonClass('secondary', 'sm', 'self-start')} onClick={retry}>
            <Glyph icon={RotateCcw} aria-hidden className="size-4" />
            {t('syncRefusedRetry')}
          </button>
        </div>
      )}
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="accent-primary mt-1 size-4"
          checked={optedOut}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <div>
          <label htmlFor={checkboxId} className="text-sm font-medium">
            {t('syncLocalOnly')}
          </label>
          <p id={hintId} className="text-sm text-muted">
            {t('syncLocalOnlyHint')}
          </p>
        </div>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button type="button" className={buttonClass('danger', 'md', 'self-start')}>
            <Glyph icon={Trash2} aria-hidden className="size-4" />
            {t('syncDelete')}
          </button>
        }
        title={t('syncDelete')}
        description={t('syncDeleteConfirm')}
        cancel={{ label: t('syncCancel'), className: buttonClass('secondary') }}
        confirm={
          <Button variant="danger" disabled={busy} aria-busy={busy} onClick={() => void erase()}>
            <Glyph icon={CloudOff} aria-hidden className="size-4" />
            {t('syncDeleteButton')}
          </Button>
        }
      />
    </section>
  );
}
