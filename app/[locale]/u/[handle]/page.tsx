import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound, permanentRedirect, redirect } from 'next/navigation';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ProfilePage } from '@/components/profile/profile-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { handleFromSegment } from '@/lib/profile/handle';
import { cachedProfile } from '@/lib/profile/pages';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

// A fan's public profile, cached per language like every anonymous page and rendered again at
// most 30 s later (PROFILE_REVALIDATE; a literal, as Next reads it at build time), or at once when
// the owner changes it (lib/profile/pages.ts).
export const revalidate = 30;
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { handle: string }> };

async function lookup(params: Props['params']) {
  const handle = handleFromSegment((await params).handle);
  if (handle === null) notFound();
  return cachedProfile(handle);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const found = await lookup(params);
  if (found.kind !== 'profile') return {};
  const { profile } = found;
  const t = await getTranslations({ locale, namespace: 'Profile' });
  const title = t('ogTitle', { name: profile.name });
  const description = t('metaDescription', { name: profile.name });
  const url = `/u/${profile.handle}`;
  return {
    title,
    description,
    alternates: { canonical: url },
    robots: profile.indexable ? { index: true, follow: true } : { index: false, follow: false },
    openGraph: {
      type: 'profile',
      title,
      description,
      url,
      siteName: 'Anime Master',
      locale: locale === 'en' ? 'en' : 'pt_BR',
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export default async function UserProfilePage({ params }: Props) {
  const locale = await resolvePageLocale(params);
  const found = await lookup(params);
  if (found.kind === 'redirect') redirect(`/u/${found.handle}`);
  if (found.kind !== 'profile') notFound();
  // Another spelling of the handle (EDGE_ALICE for edge_alice): one address, one cached page.
  if (found.profile.handle !== handleFromSegment((await params).handle)) {
    permanentRedirect(`/u/${found.profile.handle}`);
  }
  return (
    <ScopedMessages locale={locale} route="profile">
      <ContentAfterHeader>
        <ProfilePage profile={found.profile} locale={locale} />
      </ContentAfterHeader>
    </ScopedMessages>
  );
}
