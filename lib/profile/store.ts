import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/db/schema';
import { isListType, LIST_TYPES, type ListType } from '@/lib/stores/lists-store';
import { handleKey } from './handle';
import { ADULT_GENRE_KEYWORDS, ADULT_RATING_MARKERS } from '@/lib/jikan/filter';
import { MAX_OPINION_LENGTH } from '@/lib/stores/opinion';
import {
  buildPublicProfile,
  COMPARE_MAX,
  LIST_CARDS,
  RATING_CARDS,
  type ProfileCounts,
  type ProfileEntryRow,
  type ProfileSettings,
  type PublicProfile,
} from './view';

/**
 * The profiles table (migration 0006_profiles): one opt-in public profile per signed-in user.
 * Every write takes the user id from the verified identity; the public view is looked up by
 * handle only (never by uid), and is computed from the synced library by one query.
 */

type Db = Kysely<Database>;

/** How long a handle the owner renamed away from still leads to their profile. */
export const REDIRECT_DAYS = 30;

export class HandleTakenError extends Error {
  constructor() {
    super('handle taken');
    this.name = 'HandleTakenError';
  }
}

function settingsOf(row: {
  handle: string;
  display_name: string | null;
  enabled: boolean;
  indexable: boolean;
  show_ratings: boolean;
  show_stats: boolean;
  lists: unknown;
}): ProfileSettings {
  const lists = Array.isArray(row.lists) ? row.lists.filter(isListType) : [];
  return {
    handle: row.handle,
    displayName: row.display_name,
    enabled: row.enabled,
    indexable: row.indexable,
    showRatings: row.show_ratings,
    showStats: row.show_stats,
    lists: LIST_TYPES.filter((list) => lists.includes(list)),
  };
}

/** The user's own profile settings, or null when they never made one. */
export async function ownProfile(db: Db, userId: string): Promise<ProfileSettings | null> {
  const row = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? settingsOf(row) : null;
}

export interface SavedProfile {
  settings: ProfileSettings;
  /** Handles whose pages changed: the current one and every one still leading to it. */
  touched: string[];
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Creates or updates the user's profile. A handle in use by another profile, or still leading to
 * another fan's profile after a rename, is refused (HandleTakenError). Renaming keeps the old
 * handle leading to the profile for REDIRECT_DAYS; only the latest old handle is kept.
 */
export async function saveProfile(
  db: Db,
  userId: string,
  settings: ProfileSettings,
  now = new Date(),
): Promise<SavedProfile> {
  const key = handleKey(settings.handle);
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('profiles')
        .select('user_id')
        .where('handle_key', '=', key)
        .where('user_id', '<>', userId)
        .unionAll(
          trx
            .selectFrom('profile_redirects')
            .select('user_id')
            .where('handle_key', '=', key)
            .where('user_id', '<>', userId)
            .where('expires_at', '>', now),
        )
        .executeTakeFirst();
      if (taken) throw new HandleTakenError();
      const before = await trx
        .selectFrom('profiles')
        .select(['handle', 'handle_key'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      const touched = [settings.handle];
      if (before) touched.push(before.handle);
      if (before && before.handle_key !== key) {
        // One old handle per fan: a rename lets go of the one kept before (renames cannot hoard
        // handles), and its pages are expired with the others below.
        const dropped = await trx
          .deleteFrom('profile_redirects')
          .where('user_id', '=', userId)
          .returning('handle')
          .execute();
        touched.push(...dropped.map((row) => row.handle));
        const expires = new Date(now.getTime() + REDIRECT_DAYS * 86_400_000);
        await trx
          .insertInto('profile_redirects')
          .values({
            handle_key: before.handle_key,
            handle: before.handle,
            user_id: userId,
            expires_at: expires,
          })
          .onConflict((conflict) =>
            conflict
              .column('handle_key')
              .doUpdateSet({ handle: before.handle, user_id: userId, expires_at: expires }),
          )
          .execute();
      }
      // The pages of the handles leading here change with the profile (on, off, its name).
      const redirects = await trx
        .selectFrom('profile_redirects')
        .select('handle')
        .where('user_id', '=', userId)
        .execute();
      touched.push(...redirects.map((row) => row.handle));
      // The new handle is the user's own again (or an expired one of someone else's).
      await trx.deleteFrom('profile_redirects').where('handle_key', '=', key).execute();
      const values = {
        handle: settings.handle,
        handle_key: key,
        display_name: settings.displayName,
        enabled: settings.enabled,
        indexable: settings.indexable,
        show_ratings: settings.showRatings,
        show_stats: settings.showStats,
        lists: JSON.stringify(settings.lists),
        updated_at: now,
      };
      const row = await trx
        .insertInto('profiles')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { settings: settingsOf(row), touched };
    });
  } catch (error) {
    // Two fans claiming one handle at once: the unique index decides.
    if (isUniqueViolation(error)) throw new HandleTakenError();
    throw error;
  }
}

/** Deletes the user's profile and the handles leading to it; answers the handles that went. */
export async function deleteProfile(db: Db, userId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const redirects = await trx
      .deleteFrom('profile_redirects')
      .where('user_id', '=', userId)
      .returning('handle')
      .execute();
    const profile = await trx
      .deleteFrom('profiles')
      .where('user_id', '=', userId)
      .returning('handle')
      .execute();
    return [...profile, ...redirects].map((row) => row.handle);
  });
}

export type ProfileLookup =
  { kind: 'profile'; profile: PublicProfile } | { kind: 'redirect'; handle: string } | { kind: 'none' };

interface ProfileQueryRow {
  /** 'profile' (the first row, always), 'count' (an aggregate), 'rating' or 'list' (an entry shown). */
  part: 'profile' | 'count' | 'rating' | 'list';
  handle: string;
  handle_key: string;
  display_name: string | null;
  enabled: boolean;
  indexable: boolean;
  show_ratings: boolean;
  show_stats: boolean;
  lists: unknown;
  list: string | null;
  stars: number | null;
  count: number | null;
  anime_id: number | null;
  opinion: string | null;
  title: string | null;
  title_english: string | null;
  cover: string | null;
  age_rating: string | null;
  genres: unknown;
}

/** An entry's stored record passes the adult gate (lib/jikan/filter.ts), in SQL, from its own lists. */
const visibleRecord = sql`(
  r.record->>'title' is not null
  and not coalesce(r.record->>'rating' like any (${ADULT_RATING_MARKERS.map((marker) => `%${marker}%`)}::text[]), false)
  and not exists (
    select 1 from jsonb_array_elements_text(
      case when jsonb_typeof(r.record->'genres') = 'array' then r.record->'genres' else '[]'::jsonb end
    ) as g(name)
    where lower(g.name) like any (${ADULT_GENRE_KEYWORDS.map((keyword) => `%${keyword}%`)}::text[])
  )
)`;

const recordColumns = sql`r.record->>'title' as title, r.record->>'titleEnglish' as title_english,
  coalesce(r.record->'images'->>'cover', r.record->'images'->>'small') as cover,
  r.record->>'rating' as age_rating, r.record->'genres' as genres`;

const recordJoin = sql`join anime_records r
  on r.anime_id = case when e.entry_key ~ '^[0-9]{1,9}$' then e.entry_key::int end`;

/**
 * The public view of the profile at /u/{handle}, by one query: the enabled profile whose handle
 * (or a handle it renamed away from less than REDIRECT_DAYS ago) is `handle`; the counts of its
 * public lists and of its ratings by stars (statistics count every entry); and the entries shown,
 * most recent first and bounded (LIST_CARDS per public list, COMPARE_MAX ratings, the opinions of
 * the first RATING_CARDS), each with its stored record's title and cover, adult and unknown
 * records left out in the query. Rows of private lists never leave the database.
 */
export async function lookupProfile(db: Db, handle: string, now = new Date()): Promise<ProfileLookup> {
  const key = handleKey(handle);
  const { rows } = await sql<ProfileQueryRow>`
    with p as (
      select * from profiles
      where enabled and (
        handle_key = ${key}
        or user_id = (
          select user_id from profile_redirects where handle_key = ${key} and expires_at > ${now}
        )
      )
      limit 1
    ),
    public_lists as (
      select l.list from p, jsonb_array_elements_text(p.lists) as l(list)
    )
    select 'profile' as part, p.handle, p.handle_key, p.display_name, p.enabled, p.indexable,
      p.show_ratings, p.show_stats, p.lists, null as list, null::int as stars, null::int as count,
      null::int as anime_id, null as opinion, null as title, null as title_english, null as cover,
      null as age_rating, null::jsonb as genres
    from p
    union all
    select 'count', null, null, null, null, null, null, null, null, c.list, c.stars, c.count,
      null, null, null, null, null, null, null
    from p, lateral (
      select l.list, null::int as stars, (
        select count(*)::int from library_entries e
        where e.user_id = p.user_id and e.kind = 'list' and not e.deleted and e.profile_list = l.list
      ) as count
      from public_lists as l
      union all
      select null, star.value, star.count
      from (
        select count(*) filter (where e.profile_stars = 1)::int as s1,
          count(*) filter (where e.profile_stars = 2)::int as s2,
          count(*) filter (where e.profile_stars = 3)::int as s3,
          count(*) filter (where e.profile_stars = 4)::int as s4,
          count(*) filter (where e.profile_stars = 5)::int as s5
        from library_entries e
        where e.user_id = p.user_id and e.kind = 'rating' and not e.deleted and p.show_stats
      ) as totals, unnest(array[1, 2, 3, 4, 5], array[totals.s1, totals.s2, totals.s3, totals.s4, totals.s5])
        as star(value, count)
      where p.show_stats
    ) as c
    union all
    select 'list', null, null, null, null, null, null, null, null, l.list, null, null,
      shown.anime_id, null, shown.title, shown.title_english, shown.cover, shown.age_rating, shown.genres
    from p, public_lists as l, lateral (
      select r.anime_id, ${recordColumns}
      from library_entries e ${recordJoin}
      where e.user_id = p.user_id and e.kind = 'list' and not e.deleted and e.profile_list = l.list
        and ${visibleRecord}
      order by e.version desc
      limit ${LIST_CARDS}
    ) as shown
    union all
    select 'rating', null, null, null, null, null, null, null, null, null, shown.stars, null,
      shown.anime_id, shown.opinion, shown.title, shown.title_english, shown.cover, shown.age_rating,
      shown.genres
    from p, lateral (
      select r.anime_id, e.profile_stars::int as stars,
        case when row_number() over (order by e.version desc) <= ${RATING_CARDS}
          then left(e.data->>'opinion', ${MAX_OPINION_LENGTH}) end as opinion,
        ${recordColumns}
      from library_entries e ${recordJoin}
      where e.user_id = p.user_id and e.kind = 'rating' and not e.deleted and p.show_ratings
        and e.profile_stars between 1 and 5 and ${visibleRecord}
      order by e.version desc
      limit ${COMPARE_MAX}
    ) as shown
  `.execute(db);
  const first = rows[0];
  if (!first || first.part !== 'profile') return { kind: 'none' };
  if (first.handle_key !== key) return { kind: 'redirect', handle: first.handle };
  const counts: ProfileCounts = { lists: {}, stars: [0, 0, 0, 0, 0] };
  const entries: ProfileEntryRow[] = [];
  for (const row of rows) {
    if (row.part === 'count') {
      if (row.list !== null && isListType(row.list)) counts.lists[row.list] = row.count ?? 0;
      else if (row.stars !== null && row.stars >= 1 && row.stars <= 5)
        counts.stars[row.stars - 1] = row.count ?? 0;
    } else if ((row.part === 'rating' || row.part === 'list') && row.anime_id !== null) {
      entries.push({
        kind: row.part,
        animeId: row.anime_id,
        rating: row.stars,
        opinion: row.opinion,
        list: row.list,
        record: {
          title: row.title,
          titleEnglish: row.title_english,
          cover: row.cover,
          rating: row.age_rating,
          genres: Array.isArray(row.genres) ? (row.genres as string[]) : null,
        },
      });
    }
  }
  return { kind: 'profile', profile: buildPublicProfile(settingsOf(first), entries, counts) };
}

/** The handles of every enabled profile whose owner allows indexing (for the sitemap). */
export async function indexableHandles(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('handle')
    .where('enabled', '=', true)
    .where('indexable', '=', true)
    .orderBy('handle_key')
    .execute();
  return rows.map((row) => row.handle);
}

export type { ListType };
