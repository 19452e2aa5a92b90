import 'server-only';
import { z } from 'zod';

/**
 * The Consumet-style provider's answers (../shared/streaming/): search gives `results[]` with an
 * id; info gives `episodes[]`. Only what we read is declared; the rest is stripped.
 */

export const streamingSearchSchema = z.object({
  results: z.array(z.object({ id: z.string().min(1) })).nullish(),
});

const episodeNumber = z.union([
  z.number(),
  // Some provider versions send the number as text ("12").
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

export const streamingEpisodeSchema = z.object({
  id: z.string().min(1),
  number: episodeNumber,
  title: z.string().nullish(),
  url: z.string().nullish(),
});

export const streamingInfoSchema = z.object({
  id: z.string().nullish(),
  title: z.string().nullish(),
  /** Items stay unknown so that one odd episode drops itself, not the list. */
  episodes: z.array(z.unknown()).nullish(),
});

export type StreamingSearch = z.infer<typeof streamingSearchSchema>;
export type StreamingInfo = z.infer<typeof streamingInfoSchema>;
export type StreamingEpisode = z.infer<typeof streamingEpisodeSchema>;
