/**
 * Hybrid logical clocks: the order of library changes across devices (issue: later change wins).
 *
 * A stamp is `WWWWWWWWWWWWW-CCCC-NNNNNNNN`: wall time in ms (13 digits), a counter (4 base-36
 * digits) and the device's node id (8 base-36 characters). Fixed width, so comparing two stamps
 * as strings compares them as clocks. A device never issues a stamp below one it has seen: after
 * it pulls another device's change, its next change is later even if its own clock runs behind.
 * The wall time a device uses is its clock corrected by the server's (sync-core.ts), so a clock
 * set hours wrong does not win or lose every race either.
 */

export const HLC_PATTERN = /^\d{13}-[0-9a-z]{4}-[0-9a-z]{8}$/;
const MAX_COUNTER = 36 ** 4 - 1;

export interface HlcParts {
  wall: number;
  counter: number;
  node: string;
}

export function isHlc(value: unknown): value is string {
  return typeof value === 'string' && HLC_PATTERN.test(value);
}

export function parseHlc(stamp: string): HlcParts {
  const [wall, counter, node] = stamp.split('-');
  return { wall: Number(wall), counter: parseInt(counter!, 36), node: node! };
}

export function formatHlc({ wall, counter, node }: HlcParts): string {
  return `${String(Math.max(0, Math.floor(wall))).padStart(13, '0')}-${counter
    .toString(36)
    .padStart(4, '0')}-${node}`;
}

/** -1, 0 or 1 as `a` is before, the same as, or after `b`. */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The later of two stamps (null counts as the earliest). */
export function maxHlc(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}

/** A stamp later than `last` (every stamp this device has issued or seen), at wall time `now`. */
export function nextHlc(last: string | null, now: number, node: string): string {
  const previous = last ? parseHlc(last) : null;
  if (!previous || now > previous.wall) return formatHlc({ wall: now, counter: 0, node });
  if (previous.counter >= MAX_COUNTER) return formatHlc({ wall: previous.wall + 1, counter: 0, node });
  return formatHlc({ wall: previous.wall, counter: previous.counter + 1, node });
}

/** A random node id for this device (8 base-36 characters). */
export function newNodeId(random: () => number = Math.random): string {
  let id = '';
  for (let index = 0; index < 8; index++) id += Math.floor(random() * 36).toString(36);
  return id;
}
