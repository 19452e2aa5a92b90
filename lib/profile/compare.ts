/**
 * "Vocês dois avaliaram N animes": the anime a visitor rated (in this browser) that the profile's
 * owner rated too, computed in the browser from the profile's public ratings and the visitor's
 * local ones. Nothing about the visitor leaves the browser.
 */

export interface BothRated {
  id: number;
  mine: number;
  theirs: number;
}

/** The anime both rated, in the order of the profile's ratings (most recent first). */
export function bothRated(
  theirs: readonly (readonly [number, number])[],
  mine: Readonly<Record<number, { rating: number } | undefined>>,
): BothRated[] {
  const seen = new Set<number>();
  const both: BothRated[] = [];
  for (const [id, stars] of theirs) {
    if (seen.has(id)) continue;
    seen.add(id);
    const own = mine[id];
    if (own && own.rating >= 1) both.push({ id, mine: own.rating, theirs: stars });
  }
  return both;
}
