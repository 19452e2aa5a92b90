import { ArrowRight, Compass, Database, ListChecks, Search, ShieldCheck, Star } from 'lucide';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/**
 * Hero with tagline and the 'Explorar Animes' call to action (SPEC §2 Home). Its link, and the
 * closing section's, are not prefetched: a first visit's tree prefetch of /explore (1.8 kB) gave
 * the tap nothing (docs/decisions/tap-to-detail.md, first-visit-bytes.md).
 */
export async function Hero() {
  const t = await getTranslations('Home');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_10%_-10%,var(--accent-soft),transparent),radial-gradient(40rem_20rem_at_90%_10%,var(--surface-3),transparent)]"
      />
      <div className="relative mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 sm:py-20">
        <h1 id="hero-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {t('heroTitle')}
        </h1>
        <p className="max-w-2xl text-lg text-muted">{t('heroTagline')}</p>
        <Link href={routes.explore} prefetch={false} className={buttonClass('primary', 'md', 'text-base')}>
          {t('cta')}
          <Glyph icon={ArrowRight} aria-hidden className="size-5" />
        </Link>
      </div>
    </section>
  );
}

/** The three feature blurbs: discover, organise, rate and comment (SPEC §2 Home). */
export async function Features() {
  const t = await getTranslations('Home');
  const features = [
    { icon: Compass, title: t('featureDiscoverTitle'), text: t('featureDiscoverText') },
    { icon: ListChecks, title: t('featureOrganizeTitle'), text: t('featureOrganizeText') },
    { icon: Star, title: t('featureRateTitle'), text: t('featureRateText') },
  ];
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h2 id="features-title" className="mb-6 text-xl font-bold">
        {t('featuresTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-md border border-border bg-surface p-5">
            <Glyph icon={Icon} aria-hidden className="mb-3 size-7 text-accent-text" />
            <h3 className="mb-1 text-base font-semibold">{title}</h3>
            <p className="text-sm text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The three further landing sections (SPEC §2 leaves their content open): how it works,
 * where the data lives, and why sign-in exists. Each says something true about the product.
 */
export async function LandingSections() {
  const t = await getTranslations('Home');
  const steps = [
    { icon: Search, title: t('howStep1Title'), text: t('howStep1Text') },
    { icon: ListChecks, title: t('howStep2Title'), text: t('howStep2Text') },
    { icon: Star, title: t('howStep3Title'), text: t('howStep3Text') },
  ];
  return (
    <>
      <section aria-labelledby="how-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h2 id="how-title" className="mb-6 text-xl font-bold">
          {t('howTitle')}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4 rounded-md bg-surface-2 p-5">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-base font-bold text-accent-fg"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="mb-1 flex items-center gap-2 text-base font-semibold">
                  <Glyph icon={Icon} aria-hidden className="size-4 text-accent-text" />
                  {title}
                </h3>
                <p className="text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="mx-auto grid max-w-7xl gap-4 px-4 py-8 sm:px-6 md:grid-cols-2">
        <article aria-labelledby="privacy-title" className="rounded-md border border-border bg-surface p-6">
          <Glyph icon={Database} aria-hidden className="mb-3 size-7 text-accent-text" />
          <h2 id="privacy-title" className="mb-2 text-lg font-bold">
            {t('privacyTitle')}
          </h2>
          <p className="mb-4 text-sm text-muted">{t('privacyText')}</p>
          <Link href={routes.settings} prefetch={false} className={buttonClass('secondary', 'sm')}>
            {t('privacyAction')}
          </Link>
        </article>
        <article aria-labelledby="adult-title" className="rounded-md border border-border bg-surface p-6">
          <Glyph icon={ShieldCheck} aria-hidden className="mb-3 size-7 text-accent-text" />
          <h2 id="adult-title" className="mb-2 text-lg font-bold">
            {t('adultTitle')}
          </h2>
          <p className="text-sm text-muted">{t('adultText')}</p>
        </article>
      </section>
      <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-lg bg-accent-soft p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="cta-title" className="text-xl font-bold">
              {t('ctaTitle')}
            </h2>
            <p className="text-muted">{t('ctaText')}</p>
          </div>
          <Link href={routes.explore} prefetch={false} className={buttonClass('primary', 'md', 'text-base')}>
            {t('cta')}
            <Glyph icon={ArrowRight} aria-hidden className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
