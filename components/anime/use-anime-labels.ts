import { useMessages } from 'next-intl';
import { translateLabel, type LabelKind } from '@/lib/labels';

/**
 * `label(kind, raw)`: a Jikan status/type/rating/genre in the interface language, or the raw
 * value when unknown (lib/labels.ts). Works in server and client components alike.
 */
export function useAnimeLabels(): (kind: LabelKind, raw: string | null | undefined) => string | null {
  const labels = useMessages().Labels;
  return (kind, raw) => translateLabel(labels[kind], raw);
}
