import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { AnimeCover } from '@/components/anime/anime-cover';
import { StarDisplay } from '@/components/ratings/star-display';
import { animeTitle } from '@/lib/anime-display';
import type { Locale } from '@/lib/i18n/config';
import type { PublicAnime, PublicProfile, PublicRating } from '@/lib/profile/view';
import { routes } from '@/lib/routes';
import { LIST_NAME_KEYS } from '@/components/lists/list-titles';
import { ProfileCompare } from './profile-compare';

const COVER_SIZES = '(min-width: 1024px) 160px, (min-width: 640px) 24vw, 30vw';

function Cover({ anime, locale }: { anime: PublicAnime; locale: Locale }) {
  const title = animeTitle(anime, locale) ?? anime.title;
  return (
    <li>
      <Link href={routes.anime(anime.id)} className="group flex flex-col gap-2">
        <span className="relative block aspect-[2/3] overflow-hidden rounded-md bg-surface">
          <AnimeCover src={anime.cover} sizes={COVER_SIZES} />
        </span>
        <span className="line-clamp-2 text-sm font-medium group-hover:underline">{title}</span>
      </Link>
    </li>
  );
}

function CoverGrid({ items, locale, label }: { items: PublicAnime[]; locale: Locale; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {items.map((anime) => (
        <Cover key={anime.id} anime={anime} locale={locale} />
      ))}
    </ul>
  );
}

/**
 * A fan's public profile (/u/{handle}): what the owner chose to show, rendered on the server for
 * an anonymous visitor and readable without JavaScript. Opinions are the fan's words, shown as
 * text (never markup, never links). The comparison with the visitor's own ratings is filled in by
 * the browser.
 */
export async function ProfilePage({ profile, locale }: { profile: PublicProfile; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Profile' });
  const tLists = await getTranslations({ locale, namespace: 'Lists' });
  const number = new Intl.NumberFormat(locale === 'en' ? 'en' : 'pt-BR', { maximumFractionDigits: 2 });
  const stars = (rating: number) => t('stars', { rating });
  const showsHandle = profile.name !== profile.handle;

  const ratingItem = (rating: PublicRating) => {
    const title = animeTitle(rating, locale) ?? rating.title;
    return (
      <li
        key={rating.id}
        data-testid="profile-rating"
        className="flex gap-4 rounded-lg border border-border bg-surface p-4"
      >
        <span className="relative block aspect-[2/3] w-16 shrink-0 overflow-hidden rounded-md">
          <AnimeCover src={rating.cover} sizes="64px" />
        </span>
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-semibold">
            <Link href={routes.anime(rating.id)} className="hover:underline">
              {title}
            </Link>
          </h3>
          <StarDisplay rating={rating.rating} label={stars(rating.rating)} />
          {rating.opinion ? (
            <blockquote className="text-sm break-words whitespace-pre-line">{rating.opinion}</blockquote>
          ) : (
            <p className="text-sm text-muted">{t('noOpinion')}</p>
          )}
        </div>
      </li>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted">{t('eyebrow')}</p>
        <h1 className="text-3xl font-bold break-words">{profile.name}</h1>
        {showsHandle && <p className="text-muted">@{profile.handle}</p>}
      </header>

      {profile.compare && <ProfileCompare theirs={profile.compare} name={profile.name} />}

      {profile.stats && (
        <section aria-labelledby="profile-stats" className="flex flex-col gap-4">
          <h2 id="profile-stats" className="text-xl font-bold">
            {t('stats')}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="profile-stats">
            {profile.stats.lists.map(({ list, count }) => (
              <div key={list} className="rounded-lg border border-border bg-surface p-3">
                <dt className="text-sm text-muted">{tLists(LIST_NAME_KEYS[list])}</dt>
                <dd className="text-2xl font-bold">{number.format(count)}</dd>
              </div>
            ))}
            <div className="rounded-lg border border-border bg-surface p-3">
              <dt className="text-sm text-muted">{t('rated')}</dt>
              <dd className="text-2xl font-bold">{number.format(profile.stats.rated)}</dd>
            </div>
            <div className="rounded-lg border border-border bg-surface p-3">
              <dt className="text-sm text-muted">{t('mean')}</dt>
              <dd className="text-2xl font-bold">
                {profile.stats.mean === null
                  ? '—'
                  : t('meanValue', { mean: number.format(profile.stats.mean) })}
              </dd>
            </div>
          </dl>
          <table className="w-full max-w-md text-sm" data-testid="profile-distribution">
            <caption className="mb-2 text-left font-semibold">{t('distribution')}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('starsColumn')}</th>
                <th scope="col">{t('countColumn')}</th>
                <th scope="col">{t('shareColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {[5, 4, 3, 2, 1].map((value) => {
                const count = profile.stats!.distribution[value - 1]!;
                return (
                  <tr key={value}>
                    <th scope="row" className="w-20 py-1 text-left font-normal">
                      {stars(value)}
                    </th>
                    <td className="w-16 py-1 text-right tabular-nums">{number.format(count)}</td>
                    <td className="py-1 pl-3">
                      <meter
                        min={0}
                        max={Math.max(1, profile.stats!.rated)}
                        value={count}
                        aria-label={stars(value)}
                        className="h-3 w-full"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}

      {profile.favourites && profile.favourites.length > 0 && (
        <section aria-labelledby="profile-favourites" className="flex flex-col gap-4">
          <h2 id="profile-favourites" className="text-xl font-bold">
            {t('favourites')}
          </h2>
          <CoverGrid items={profile.favourites} locale={locale} label={t('favourites')} />
        </section>
      )}

      {profile.lists.map(({ list, count, entries }) => (
        <section
          key={list}
          aria-labelledby={`profile-list-${list}`}
          className="flex flex-col gap-4"
          data-list={list}
        >
          <h2 id={`profile-list-${list}`} className="text-xl font-bold">
            {tLists(LIST_NAME_KEYS[list])}{' '}
            <span className="text-base font-normal text-muted">({number.format(count)})</span>
          </h2>
          {entries.length > 0 ? (
            <CoverGrid items={entries} locale={locale} label={tLists(LIST_NAME_KEYS[list])} />
          ) : (
            <p className="text-muted">{t('emptyList')}</p>
          )}
        </section>
      ))}

      {profile.ratings && (
        <section aria-labelledby="profile-ratings" className="flex flex-col gap-4">
          <h2 id="profile-ratings" className="text-xl font-bold">
            {t('ratings')}
          </h2>
          {profile.ratings.length > 0 ? (
            <ul className="grid gap-3 lg:grid-cols-2">{profile.ratings.map(ratingItem)}</ul>
          ) : (
            <p className="text-muted">{t('noRatings')}</p>
          )}
        </section>
      )}

      {!profile.stats && !profile.ratings && profile.lists.length === 0 && (
        <p className="text-muted">{t('nothingPublic')}</p>
      )}
    </div>
  );
}
