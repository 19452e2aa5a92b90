import { redirect } from 'next/navigation';
import { parseSeasonSegments, seasonAt, seasonHref } from '@/lib/discovery/browse-params';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * /season and the season picker's GET form (/season?year=2023&season=fall): to that season's page,
 * or to the current season when none (or no valid one) is given. A temporary redirect: the current
 * season moves. proxy.ts rewrites the query to these segments ('now' when absent).
 */
export const dynamic = 'force-dynamic';

export default async function SeasonRedirect({
  params,
}: {
  params: Promise<LocaleParams & { year: string; season: string }>;
}) {
  await resolvePageLocale(params);
  const { year, season } = await params;
  const current = seasonAt(new Date());
  const chosen = parseSeasonSegments(year, season, current) ?? current;
  redirect(seasonHref(chosen));
}
