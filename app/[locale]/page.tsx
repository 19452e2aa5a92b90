import { HomeCarousels } from '@/components/carousel/home-carousels';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { Features, Hero, LandingSections } from '@/components/home/landing';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

// Cached per language, regenerated in the background with the life of its data (SPEC §9, 10 min).
export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export default async function HomePage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  return (
    <ScopedMessages locale={locale} route="home">
      <ContentAfterHeader>
        <Hero />
        <HomeCarousels />
        <Features />
        <LandingSections />
      </ContentAfterHeader>
    </ScopedMessages>
  );
}
