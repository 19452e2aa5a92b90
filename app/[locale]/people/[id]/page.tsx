import { getFormatter, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ListingMessage } from '@/components/anime/listing-states';
import { LibraryMark } from '@/components/browse/library-mark';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { StaticImage } from '@/components/ui/static-image';
import { countValues } from '@/lib/i18n/format-count';
import { VISITOR_ACCESS } from '@/lib/discovery/listings';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { getPerson, isPersonId, type PersonView } from '@/lib/jikan/people';
import { isAppError } from '@/lib/server/errors';
import { cacheBriefly } from '@/lib/server/render-cache';
import { routes } from '@/lib/routes';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/**
 * /people/{id}: a voice actor or staff member (the anime database's /people/{id}/full): photo,
 * names and anime credits, newest first. The HTML is the anonymous view, cached a day: credits of
 * adult anime (or of anime whose rating the server does not know) are withheld and counted; the
 * fan's own ratings and lists are marked in the browser.
 */
type Params = Promise<LocaleParams & { id: string }>;

export const revalidate = 86_400;
export const generateStaticParams = onDemandStaticParams;

type Loaded = { person: PersonView } | { failed: true };

async function load(idText: string): Promise<Loaded> {
  const id = /^\d{1,8}$/.test(idText) ? Number(idText) : NaN;
  if (!isPersonId(id)) notFound();
  try {
    return { person: await getPerson(id, VISITOR_ACCESS) };
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) notFound();
    console.warn(`[people] ${id} could not be loaded`, isAppError(error) ? error.code : error);
    // An outage is no page to keep: this render lives a second, the next visitor tries again.
    await cacheBriefly();
    return { failed: true };
  }
}

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const { id } = await params;
  const loaded = await load(id);
  const t = await getTranslations({ locale, namespace: 'Browse' });
  if ('failed' in loaded) return { title: t('personRoles'), robots: { index: false } };
  return { title: loaded.person.name, alternates: { canonical: `/people/${loaded.person.id}` } };
}

export default async function PersonPage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const { id } = await params;
  const loaded = await load(id);
  const t = await getTranslations({ locale, namespace: 'Browse' });
  const tCommon = await getTranslations({ locale, namespace: 'Common' });
  const format = await getFormatter({ locale });
  if ('failed' in loaded) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <ListingMessage
          tone="error"
          title={t('personError')}
          action={
            <a href={`/people/${id}`} className="font-medium text-accent-text underline">
              {tCommon('retry')}
            </a>
          }
        />
      </div>
    );
  }
  const { person } = loaded;
  const nativeName = [person.familyName, person.givenName].filter(Boolean).join(' ');
  const birthday = person.birthday ? new Date(person.birthday) : null;
  const roleLabel = (role: string) =>
    role === 'Main' ? t('roleMain') : role === 'Supporting' ? t('roleSupporting') : role;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {person.image && (
          <StaticImage
            src={person.image}
            alt={t('photo', { name: person.name })}
            width={150}
            height={225}
            className="h-auto w-32 rounded-md border border-border bg-surface sm:w-40"
          />
        )}
        <div>
          <h1 className="text-xl font-bold sm:text-2xl">{person.name}</h1>
          {nativeName && nativeName !== person.name && <p className="mt-1 text-muted">{nativeName}</p>}
          {person.alternateNames.length > 0 && (
            <p className="mt-1 text-sm text-muted">
              {t('alsoKnownAs', { names: person.alternateNames.join(', ') })}
            </p>
          )}
          {birthday && !Number.isNaN(birthday.getTime()) && (
            <p className="mt-1 text-sm text-muted">
              {t('birthday', { date: format.dateTime(birthday, { dateStyle: 'long', timeZone: 'UTC' }) })}
            </p>
          )}
        </div>
      </div>
      <h2 className="mt-8 mb-3 text-lg font-semibold">{t('personRoles')}</h2>
      {person.withheld > 0 && (
        <p
          role="status"
          className="mb-3 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm"
          data-testid="person-withheld"
        >
          {t('personWithheld', countValues(person.withheld, locale))}
        </p>
      )}
      {person.credits.length === 0 ? (
        <ListingMessage tone="empty" title={t('personNoRoles')} />
      ) : (
        <ScopedMessages locale={locale} route="people">
          <ContentAfterHeader>
            <ol
              className="divide-y divide-border rounded-md border border-border bg-surface"
              data-testid="person-credits"
            >
              {person.credits.map((credit, index) => (
                <li
                  key={`${credit.anime.id}-${credit.character?.id ?? credit.role}-${index}`}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="person-credit"
                >
                  <div>
                    <Link
                      href={routes.anime(credit.anime.id)}
                      className="font-semibold text-fg hover:underline"
                    >
                      {credit.anime.title}
                    </Link>
                    <p className="text-sm text-muted">
                      {credit.character ? `${t('asCharacter', { character: credit.character.name })} · ` : ''}
                      {roleLabel(credit.role)}
                      {' · '}
                      {credit.year ?? t('unknownYear')}
                    </p>
                  </div>
                  <LibraryMark animeId={credit.anime.id} />
                </li>
              ))}
            </ol>
          </ContentAfterHeader>
        </ScopedMessages>
      )}
    </div>
  );
}
