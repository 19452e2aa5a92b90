'use client';

import { ExternalLink, Trash2 } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { LIST_NAME_KEYS } from '@/components/lists/list-titles';
import { Glyph } from '@/components/ui/glyph';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DISPLAY_NAME_MAX, HANDLE_MAX, HANDLE_MIN, handleProblem } from '@/lib/profile/handle';
import type { ProfileInputProblem } from '@/lib/profile/input';
import type { ProfileSettings } from '@/lib/profile/view';
import { useAuthStore } from '@/lib/stores/auth-store';
import { LIST_TYPES } from '@/lib/stores/lists-store';
import { showToast } from '@/lib/toast';

const PROBLEM_KEYS = {
  invalid: 'problemInvalid',
  'handle-length': 'problemHandleLength',
  'handle-characters': 'problemHandleCharacters',
  'handle-reserved': 'problemHandleReserved',
  'name-length': 'problemNameLength',
  'name-characters': 'problemNameCharacters',
  'name-markup': 'problemNameMarkup',
  taken: 'problemTaken',
} as const satisfies Record<ProfileInputProblem | 'taken', string>;

type Problem = keyof typeof PROBLEM_KEYS;

const EMPTY: ProfileSettings = {
  handle: '',
  displayName: null,
  enabled: true,
  indexable: false,
  showRatings: true,
  showStats: true,
  lists: [],
};

async function call(method: 'GET' | 'PUT' | 'DELETE', body?: ProfileSettings): Promise<Response> {
  const token = await useAuthStore.getState().getIdToken();
  if (!token) throw new Error('no token');
  return fetch('/api/profile', {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
}

/**
 * Settings › Conta › Perfil público: the signed-in fan's opt-in public profile at /u/{handle} —
 * the handle, the name shown, what is public (ratings with opinions, each list, statistics),
 * whether search engines may index it, turning it off, and deleting it.
 */
export function ProfileSection({ uid }: { uid: string }) {
  const t = useTranslations('ProfileSettings');
  const tLists = useTranslations('Lists');
  const [saved, setSaved] = useState<ProfileSettings | null | undefined>(undefined);
  const [form, setForm] = useState<ProfileSettings>(EMPTY);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const ids = { handle: useId(), name: useId(), hint: useId(), error: useId() };

  useEffect(() => {
    let live = true;
    call('GET')
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { profile: ProfileSettings | null };
        if (!live) return;
        setSaved(body.profile);
        setForm(body.profile ?? EMPTY);
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [uid]);

  const update = (patch: Partial<ProfileSettings>) => {
    setProblem(null);
    setForm((current) => ({ ...current, ...patch }));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = handleProblem(form.handle.trim());
    if (local) {
      setProblem(`handle-${local}`);
      return;
    }
    setBusy(true);
    try {
      const response = await call('PUT', {
        ...form,
        handle: form.handle.trim(),
        displayName: form.displayName?.trim() || null,
      });
      const body = (await response.json().catch(() => null)) as {
        profile?: ProfileSettings;
        problem?: Problem;
      } | null;
      if (response.ok && body?.profile) {
        setSaved(body.profile);
        setForm(body.profile);
        showToast(t('saved'), 'success');
      } else if (body?.problem && body.problem in PROBLEM_KEYS) {
        setProblem(body.problem);
      } else {
        showToast(t('saveFailed'), 'error');
      }
    } catch {
      showToast(t('saveFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const response = await call('DELETE');
      if (!response.ok) throw new Error(String(response.status));
      setSaved(null);
      setForm(EMPTY);
      setConfirmOpen(false);
      showToast(t('deleted'), 'success');
    } catch {
      showToast(t('deleteFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const checkbox = (label: string, checked: boolean, onChange: (checked: boolean) => void, hint?: string) => (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--accent)]"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-muted">{hint}</span>}
      </span>
    </label>
  );

  return (
    <section
      aria-labelledby="profile-settings-title"
      data-testid="profile-settings"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4"
    >
      <h3 id="profile-settings-title" className="text-base font-semibold">
        {t('title')}
      </h3>
      <p className="text-sm text-muted">{t('intro')}</p>
      {saved === undefined && !loadFailed && <p className="text-sm text-muted">{t('loading')}</p>}
      {loadFailed && (
        <p role="status" className="text-sm text-error">
          {t('loadFailed')}
        </p>
      )}
      {saved !== undefined && (
        <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)} noValidate>
          {saved && (
            <p className="text-sm" data-testid="profile-address">
              {saved.enabled ? (
                <Link
                  href={`/u/${saved.handle}`}
                  className="inline-flex items-center gap-1 font-medium text-accent-text underline"
                >
                  {t('view', { handle: saved.handle })}
                  <Glyph icon={ExternalLink} aria-hidden className="size-3.5" />
                </Link>
              ) : (
                <span className="text-muted">{t('offState', { handle: saved.handle })}</span>
              )}
            </p>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.handle} className="text-sm font-medium">
              {t('handle')}
            </label>
            <input
              id={ids.handle}
              value={form.handle}
              onChange={(event) => update({ handle: event.target.value })}
              maxLength={HANDLE_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids.hint}${problem ? ` ${ids.error}` : ''}`}
              aria-invalid={problem?.startsWith('handle') || problem === 'taken' ? true : undefined}
              className="rounded-md border border-border bg-bg px-3 py-2"
            />
            <p id={ids.hint} className="text-sm text-muted">
              {t('handleHint', { min: HANDLE_MIN, max: HANDLE_MAX })}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.name} className="text-sm font-medium">
              {t('displayName')}
            </label>
            <input
              id={ids.name}
              value={form.displayName ?? ''}
              onChange={(event) => update({ displayName: event.target.value })}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="off"
              aria-invalid={problem?.startsWith('name') ? true : undefined}
              className="rounded-md border border-border bg-bg px-3 py-2"
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('publicLegend')}</legend>
            {checkbox(t('showRatings'), form.showRatings, (value) => update({ showRatings: value }))}
            {checkbox(t('showStats'), form.showStats, (value) => update({ showStats: value }))}
            {LIST_TYPES.map((list) => (
              <div key={list}>
                {checkbox(
                  t('showList', { list: tLists(LIST_NAME_KEYS[list]) }),
                  form.lists.includes(list),
                  (value) =>
                    update({
                      lists: value ? [...form.lists, list] : form.lists.filter((item) => item !== list),
                    }),
                )}
              </div>
            ))}
          </fieldset>
          {checkbox(t('enabled'), form.enabled, (value) => update({ enabled: value }), t('enabledHint'))}
          {checkbox(
            t('indexable'),
            form.indexable,
            (value) => update({ indexable: value }),
            t('indexableHint'),
          )}
          {problem && (
            <p id={ids.error} role="alert" className="text-sm text-error">
              {t(PROBLEM_KEYS[problem])}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
              {saved ? t('save') : t('create')}
            </Button>
            {saved && (
              <ConfirmDialog
                open={confirmOpen}
                onOpenChange={setConfirmOpen}
                trigger={
                  <button type="button" className={buttonClass('danger')}>
                    <Glyph icon={Trash2} aria-hidden className="size-4" />
                    {t('delete')}
                  </button>
                }
                title={t('delete')}
                description={t('deleteConfirm')}
                cancel={{ label: t('cancel'), className: buttonClass('secondary') }}
                confirm={
                  <Button variant="danger" disabled={busy} aria-busy={busy} onClick={() => void remove()}>
                    {t('deleteButton')}
                  </Button>
                }
              />
            )}
          </div>
        </form>
      )}
    </section>
  );
}
