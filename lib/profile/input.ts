import { z } from 'zod';
import { LIST_TYPES } from '@/lib/stores/lists-store';
import { cleanDisplayName, displayNameProblem, handleProblem } from './handle';
import type { ProfileSettings } from './view';

/**
 * What Settings › Conta sends to save a profile (PUT /api/profile), checked whole: an unknown
 * field, a handle breaking the rules, a display name too long or with markup is refused with the
 * reason, never trimmed into something else.
 */

/** Longest body accepted (a valid one is a few hundred bytes). */
export const MAX_PROFILE_BODY_BYTES = 4096;

export type ProfileInputProblem =
  | 'invalid'
  | 'handle-length'
  | 'handle-characters'
  | 'handle-reserved'
  | 'name-length'
  | 'name-characters'
  | 'name-markup';

const bodySchema = z
  .object({
    handle: z.string().max(200),
    displayName: z.string().max(500).nullable(),
    enabled: z.boolean(),
    indexable: z.boolean(),
    showRatings: z.boolean(),
    showStats: z.boolean(),
    lists: z.array(z.enum(LIST_TYPES)).max(LIST_TYPES.length),
  })
  .strict();

export type ProfileInputResult =
  { ok: true; settings: ProfileSettings } | { ok: false; problem: ProfileInputProblem };

export function validateProfileInput(value: unknown): ProfileInputResult {
  const parsed = bodySchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  const body = parsed.data;
  const handle = handleProblem(body.handle);
  if (handle) return { ok: false, problem: `handle-${handle}` };
  if (body.displayName !== null) {
    const name = displayNameProblem(body.displayName);
    if (name) return { ok: false, problem: `name-${name}` };
  }
  return {
    ok: true,
    settings: {
      handle: body.handle,
      displayName: cleanDisplayName(body.displayName),
      enabled: body.enabled,
      indexable: body.indexable,
      showRatings: body.showRatings,
      showStats: body.showStats,
      lists: LIST_TYPES.filter((list) => body.lists.includes(list)),
    },
  };
}
