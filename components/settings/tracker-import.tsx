'use client';

import { CloudDownload } from 'lucide';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Glyph } from '@/components/ui/glyph';
import { isAbortError } from '@/lib/api-client';
import { browserStorage } from '@/lib/stores/local-storage';
import {
  applyImport,
  failureOf,
  fetchTrackerList,
  previewImport,
  reloadStoresGradually,
  type FetchProgress,
  type TrackerList,
  type TrackerPreview,
} from '@/lib/tracker-import/client';
import {
  isTracker,
  MAX_USER_NAME_LENGTH,
  type Tracker,
  type TrackerFailure,
} from '@/lib/tracker-import/types';

const SERVICE_NAMES: Record<Tracker, string> = { anilist: 'AniList', kitsu: 'Kitsu' };
/** Titles of left-out entries named in the preview; the rest are counted. */
const LEFT_OUT_SHOWN = 50;

type Phase =
  | { step: 'idle' }
  | { step: 'fetching'; tracker: Tracker; user: string; progress: FetchProgress }
  | { step: 'preview'; list: TrackerList; preview: TrackerPreview }
  | { step: 'applying'; list: TrackerList; done: number; total: number | null };

export interface ImportReport {
  tone: 'success' | 'error';
  message: string;
  detail?: string;
}

/**
 * Settings › Dados › AniList e Kitsu: the fan types a user name and picks a service; the public
 * list is read page by page (a progress bar, the service's pauses counted down), previewed against
 * what the device holds, and written only when the fan confirms (lib/tracker-import/client.ts).
 */
export function TrackerImport({
  busy,
  onBusy,
  report,
}: {
  busy: boolean;
  onBusy: (busy: boolean) => void;
  report: (next: ImportReport) => void;
}) {
  const t = useTranslations('TrackerImport');
  const format = useFormatter();
  const [user, setUser] = useState('');
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  const hintId = useId();
  const previewId = useId();

  const fail = (tracker: Tracker, name: string, kind: TrackerFailure) => {
    setPhase({ step: 'idle' });
    report({
      tone: 'error',
      message: t(`error.${kind}`, { service: SERVICE_NAMES[tracker], user: name }),
      detail: t('nothingChanged'),
    });
  };

  const start = async (tracker: Tracker) => {
    const name = user.trim();
    if (!name || name.length > MAX_USER_NAME_LENGTH) return fail(tracker, name, 'invalid-name');
    if (!browserStorage()) return fail(tracker, name, 'storage');
    const controller = new AbortController();
    abort.current = controller;
    onBusy(true);
    setPhase({
      step: 'fetching',
      tracker,
      user: name,
      progress: { fetched: 0, total: null, waitingSeconds: null },
    });
    try {
      const list = await fetchTrackerList(tracker, name, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ step: 'fetching', tracker, user: name, progress }),
      });
      setPhase({ step: 'preview', list, preview: await previewImport(list) });
    } catch (error) {
      if (isAbortError(error)) setPhase({ step: 'idle' });
      else fail(tracker, name, failureOf(error));
    } finally {
      abort.current = null;
      onBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    void start(isTracker(value) ? value : 'anilist');
  };

  const confirm = async (list: TrackerList) => {
    setPhase({ step: 'applying', list, done: 0, total: null });
    onBusy(true);
    try {
      const result = await applyImport(list, (done, total) =>
        setPhase({ step: 'applying', list, done, total }),
      );
      if (!result.ok) return fail(list.tracker, list.user, result.reason);
      await reloadStoresGradually();
      const { lists, ratings, keptNewer } = result.summary;
      setPhase({ step: 'idle' });
      report({
        tone: 'success',
        message: t('imported', { service: SERVICE_NAMES[list.tracker], user: list.user }),
        detail: `${t('lists', {
          watching: lists.WATCHING,
          completed: lists.COMPLETED,
          onHold: lists.ON_HOLD,
          dropped: lists.DROPPED,
          planToWatch: lists.PLAN_TO_WATCH,
        })} ${t('ratingsWritten', { count: ratings })}${keptNewer ? ` ${t('keptNewer', { count: keptNewer })}` : ''}`,
      });
    } finally {
      onBusy(false);
    }
  };

  const fetching = phase.step === 'fetching' ? phase : null;
  const disabled = busy || phase.step !== 'idle';

  return (
    <div className="flex w-full flex-col gap-3">
      <form className="flex flex-col gap-2" onSubmit={submit} aria-describedby={hintId}>
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('userLabel')}
        </label>
        <input
          id={inputId}
          name="user"
          value={user}
          onChange={(event) => setUser(event.target.value)}
          maxLength={MAX_USER_NAME_LENGTH}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          className="max-w-sm rounded-md border border-border bg-bg px-3 py-2"
        />
        <p id={hintId} className="text-sm text-muted">
          {t('hint')}
        </p>
        <div className="flex flex-wrap gap-2">
          {(['anilist', 'kitsu'] as const).map((tracker) => (
            <Button
              key={tracker}
              type="submit"
              name="service"
              value={tracker}
              variant="secondary"
              disabled={disabled}
            >
              <Glyph icon={CloudDownload} aria-hidden className="size-4" />
              {t(tracker === 'anilist' ? 'fromAnilist' : 'fromKitsu')}
            </Button>
          ))}
        </div>
      </form>

      {fetching && (
        <div className="flex flex-col gap-2" data-testid="tracker-progress">
          <ProgressBar
            label={t('reading', { service: SERVICE_NAMES[fetching.tracker], user: fetching.user })}
            value={fetching.progress.fetched}
            max={fetching.progress.total}
            text={
              fetching.progress.total
                ? t('readCount', {
                    fetched: format.number(fetching.progress.fetched),
                    total: format.number(Math.max(fetching.progress.total, fetching.progress.fetched)),
                  })
                : t('readSoFar', { fetched: format.number(fetching.progress.fetched) })
            }
          />
          {fetching.progress.waitingSeconds !== null && (
            <p className="text-sm text-muted" role="status">
              {t('waiting', {
                service: SERVICE_NAMES[fetching.tracker],
                seconds: fetching.progress.waitingSeconds,
              })}
            </p>
          )}
          <div>
            <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      )}

      {phase.step === 'applying' && (
        <ProgressBar
          label={t('applying')}
          value={phase.done}
          max={phase.total}
          text={t('written', { percent: phase.total ? Math.round((phase.done / phase.total) * 100) : 0 })}
        />
      )}

      {phase.step === 'preview' && (
        <section
          aria-labelledby={previewId}
          className="flex flex-col gap-2 rounded-md border border-border bg-bg p-3"
          data-testid="tracker-preview"
        >
          <h3 id={previewId} className="font-semibold">
            {t('previewTitle', {
              count: phase.list.entries.length,
              user: phase.list.user,
              service: SERVICE_NAMES[phase.list.tracker],
            })}
          </h3>
          <Preview preview={phase.preview} service={SERVICE_NAMES[phase.list.tracker]} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={phase.preview.importable === 0} onClick={() => void confirm(phase.list)}>
              {t('confirm', { count: phase.preview.importable })}
            </Button>
            <Button variant="secondary" onClick={() => setPhase({ step: 'idle' })}>
              {t('cancel')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

function Preview({ preview, service }: { preview: TrackerPreview; service: string }) {
  const t = useTranslations('TrackerImport');
  const { lists, merge, leftOut } = preview;
  const named = leftOut.filter((title): title is string => title !== null);
  const unnamed = leftOut.length - named.length;
  const changes = [
    merge.keptNewer > 0 && t('keptNewer', { count: merge.keptNewer }),
    merge.replacedRatings > 0 && t('replaced', { count: merge.replacedRatings, service }),
    merge.movedLists > 0 && t('moved', { count: merge.movedLists }),
  ].filter((line): line is string => typeof line === 'string');
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        {t('lists', {
          watching: lists.WATCHING,
          completed: lists.COMPLETED,
          onHold: lists.ON_HOLD,
          dropped: lists.DROPPED,
          planToWatch: lists.PLAN_TO_WATCH,
        })}
      </p>
      <p>{t('scored', { scored: preview.withScore, notes: preview.withNotes })}</p>
      {preview.importable === 0 && <p>{t('nothingToImport')}</p>}
      {changes.length > 0 ? (
        <ul className="list-disc ps-5" data-testid="tracker-merge">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p data-testid="tracker-merge">{t('keepsAll')}</p>
      )}
      {leftOut.length > 0 && (
        <div data-testid="tracker-left-out">
          <p>{t('leftOut', { count: leftOut.length })}</p>
          <ul className="list-disc ps-5">
            {named.slice(0, LEFT_OUT_SHOWN).map((title, index) => (
              <li key={`${index}-${title}`}>{title}</li>
            ))}
            {named.length > LEFT_OUT_SHOWN && (
              <li>{t('leftOutMore', { count: named.length - LEFT_OUT_SHOWN })}</li>
            )}
            {unnamed > 0 && <li>{t('leftOutAdult', { count: unnamed })}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A determinate bar when the total is known, else one that says how much has been read. */
function ProgressBar({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number | null;
  text: string;
}) {
  const labelId = useId();
  const known = max !== null && max > 0;
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : null;
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm">
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={known ? Math.min(value, max) : undefined}
        aria-valuetext={text}
        className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={
            percent === null ? 'h-full w-1/3 animate-pulse bg-accent' : 'h-full bg-accent transition-[width]'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <span className="text-sm text-muted" aria-hidden>
        {text}
      </span>
    </div>
  );
}
