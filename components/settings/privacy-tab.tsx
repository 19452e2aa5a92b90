'use client';

import { useTranslations } from 'next-intl';
import { accessState } from '@/components/auth/access-status';
import { useAuth } from '@/lib/firebase/use-auth';
import { cn } from '@/lib/utils/cn';

function StatusRow({
  label,
  value,
  tone,
}: {
  label: string;
  value: string;
  tone: 'good' | 'bad' | 'neutral';
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        className={cn(
          'text-sm font-semibold',
          tone === 'good' && 'text-success',
          tone === 'bad' && 'text-error',
          tone === 'neutral' && 'text-fg',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Settings 'Privacidade' tab (SPEC §2): the status of the sign-in and age checks, and how they
 * work. Mounted by the tabbed settings page.
 */
export function PrivacyTab() {
  const t = useTranslations('PrivacyTab');
  const auth = useAuth();
  const state = accessState(auth);
  const checking = state === 'checking';

  return (
    <section
      aria-labelledby="privacy-tab-title"
      className="flex flex-col gap-6"
      aria-busy={checking || undefined}
    >
      <h2 id="privacy-tab-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <div className="rounded-lg border border-border bg-surface p-4">
        <h3 className="text-base font-semibold">{t('statusTitle')}</h3>
        <dl className="divide-y divide-border" data-testid="privacy-status">
          <StatusRow
            label={t('authentication')}
            value={checking ? t('checking') : auth.user ? t('signedIn') : t('notSignedIn')}
            tone={auth.user ? 'good' : 'neutral'}
          />
          <StatusRow
            label={t('ageCheck')}
            value={
              checking
                ? t('checking')
                : state === 'adult'
                  ? t('adult')
                  : state === 'minor'
                    ? t('minor')
                    : t('notVerified')
            }
            tone={state === 'adult' ? 'good' : state === 'minor' ? 'bad' : 'neutral'}
          />
          <StatusRow
            label={t('adultContent')}
            value={checking ? t('checking') : auth.canAccessAdultContent ? t('allowed') : t('blocked')}
            tone={auth.canAccessAdultContent ? 'good' : 'bad'}
          />
        </dl>
        {auth.ageBasis && (
          <p className="mt-3 text-sm text-muted">
            <span className="font-medium text-fg">{t('basisTitle')}: </span>
            {t(`basis_${auth.ageBasis}`)}
          </p>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold">{t('howTitle')}</h3>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
          <li>{t('how1')}</li>
          <li>{t('how2')}</li>
          <li>{t('how3')}</li>
          <li>{t('how4')}</li>
        </ul>
      </div>
    </section>
  );
}
