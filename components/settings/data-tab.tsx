'use client';

import { Download, FileUp, ListChecks, Upload } from 'lucide';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { useSetTheme } from '@/components/theme/use-set-theme';
import { Button } from '@/components/ui/button';
import {
  backupFileName,
  buildBackup,
  importBackupText,
  MAX_BACKUP_BYTES,
  NOT_JSON,
  type ImportResult,
} from '@/lib/backup/backup';
import { buildMalXml, importMalText, malFileName, MAX_MAL_BYTES, readMalFile } from '@/lib/backup/mal';
import { browserStorage } from '@/lib/stores/local-storage';
import { useRecentSearchesStore } from '@/lib/stores/recent-searches-store';
import { reloadStoresFromStorage } from '@/lib/stores/use-stores-hydrated';
import { showToast } from '@/lib/toast';
import { ClearDataDialog } from './clear-data-dialog';
import { TrackerImport } from './tracker-import';
import { downloadFile } from './download';

type Status = { tone: 'success' | 'error'; message: string; detail?: string } | null;

/**
 * Settings → Dados (SPEC §2, §5): export a backup, import one (validated, atomic), clear
 * everything, import/export a MyAnimeList list, and bring one from AniList or Kitsu by user name. The settings page mounts it in its Data tab.
 */
export function DataTab() {
  const t = useTranslations('DataTab');
  const tracker = useTranslations('TrackerImport');
  const setTheme = useSetTheme();
  const backupInput = useRef<HTMLInputElement>(null);
  const malInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const statusId = useId();

  const report = (next: NonNullable<Status>) => {
    setStatus(next);
    showToast(next.message, next.tone);
  };

  /** Stores and other state re-read what the import wrote (other tabs get storage events). */
  const afterImport = async () => {
    await reloadStoresFromStorage();
    await useRecentSearchesStore.persist.rehydrate();
  };

  const exportBackup = () => {
    downloadFile(JSON.stringify(buildBackup(), null, 2), backupFileName(), 'application/json');
    report({ tone: 'success', message: t('exported') });
  };

  const importBackup = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!browserStorage())
      return report({ tone: 'error', message: t('importFailed', { reason: 'No localStorage' }) });
    if (file.size > MAX_BACKUP_BYTES) {
      return report({
        tone: 'error',
        message: t('importFailed', { reason: t('tooLarge', { mb: MAX_BACKUP_BYTES / 1024 / 1024 }) }),
      });
    }
    setBusy(true);
    try {
      const result: ImportResult = importBackupText(await file.text());
      if (!result.ok) {
        if (result.reason === NOT_JSON) return report({ tone: 'error', message: t('importInvalid') });
        return report({ tone: 'error', message: t('importFailed', { reason: result.reason }) });
      }
      if (result.theme) setTheme(result.theme);
      await afterImport();
      report({
        tone: 'success',
        message: t('importSuccess'),
        detail: t('importSummary', { ...result.summary }),
      });
    } catch {
      report({ tone: 'error', message: t('importFailed', { reason: t('unreadable') }) });
    } finally {
      setBusy(false);
    }
  };

  const importMal = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!browserStorage())
      return report({ tone: 'error', message: t('malFailed', { reason: 'No localStorage' }) });
    setBusy(true);
    try {
      const result = importMalText(await readMalFile(file));
      if (!result.ok) return report({ tone: 'error', message: t('malFailed', { reason: result.reason }) });
      await afterImport();
      const { lists, ratings, skipped, unknownStatus } = result.summary;
      report({
        tone: 'success',
        message: t('malImported'),
        detail: t('malSummary', {
          watching: lists.WATCHING,
          completed: lists.COMPLETED,
          onHold: lists.ON_HOLD,
          dropped: lists.DROPPED,
          planToWatch: lists.PLAN_TO_WATCH,
          ratings,
          skipped,
          unknownStatus,
        }),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.message === 'File too large'
          ? t('tooLarge', { mb: MAX_MAL_BYTES / 1024 / 1024 })
          : t('unreadable');
      report({ tone: 'error', message: t('malFailed', { reason }) });
    } finally {
      setBusy(false);
    }
  };

  const exportMal = () => {
    const { xml, count } = buildMalXml();
    downloadFile(xml, malFileName(), 'application/xml');
    report({ tone: 'success', message: t('malExported', { count }) });
  };

  const clearAll = () => {
    try {
      window.localStorage.clear();
    } catch {
      return report({ tone: 'error', message: t('clearFailed') });
    }
    window.location.reload();
  };

  return (
    <div className="flex flex-col gap-6" aria-busy={busy}>
      <DataSection title={t('backupTitle')} text={t('backupText')}>
        <Button onClick={exportBackup}>
          <Glyph icon={Download} aria-hidden className="size-4" />
          {t('export')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => backupInput.current?.click()}>
          <Glyph icon={Upload} aria-hidden className="size-4" />
          {t('import')}
        </Button>
        <input
          ref={backupInput}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('importFile')}
          data-testid="backup-file"
          onChange={(event) => void importBackup(event)}
        />
      </DataSection>

      <DataSection title={t('malTitle')} text={t('malText')}>
        <Button variant="secondary" disabled={busy} onClick={() => malInput.current?.click()}>
          <Glyph icon={FileUp} aria-hidden className="size-4" />
          {t('malImport')}
        </Button>
        <Button variant="secondary" onClick={exportMal}>
          <Glyph icon={ListChecks} aria-hidden className="size-4" />
          {t('malExport')}
        </Button>
        <input
          ref={malInput}
          type="file"
          accept=".xml,.gz,application/xml,text/xml,application/gzip"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('malFile')}
          data-testid="mal-file"
          onChange={(event) => void importMal(event)}
        />
      </DataSection>

      <DataSection title={tracker('title')} text={tracker('text')}>
        <TrackerImport busy={busy} onBusy={setBusy} report={report} />
      </DataSection>

      <DataSection title={t('clearTitle')} text={t('clearText')}>
        <ClearDataDialog onConfirm={clearAll} />
      </DataSection>

      <div
        id={statusId}
        role="status"
        aria-live="polite"
        className="min-h-6 text-sm"
        data-testid="data-status"
      >
        {status && (
          <p className={status.tone === 'error' ? 'text-error' : 'text-success'}>
            {status.message}
            {status.detail && <span className="block text-muted">{status.detail}</span>}
          </p>
        )}
      </div>
    </div>
  );
}

function DataSection({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-md border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted">{text}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </section>
  );
}
