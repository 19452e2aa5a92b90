import { cn } from '@/lib/utils/cn';
import type { AnimeCardVariant } from './anime-card';

/** A line of text to come: the block it sits in draws it as its ::before (and a second as ::after). */
const LINE = 'flex flex-col justify-center before:rounded-sm before:bg-surface-2';
const SECOND_LINE = 'after:rounded-sm after:bg-surface-2';
/** The title's two lines (the second's width is the variant's). */
const TITLE = `${LINE} ${SECOND_LINE} h-10 gap-1.5 before:h-3.5 before:w-11/12 after:h-3.5`;

/**
 * AnimeCard's loading stand-in, box for box the same sizes (DESIGN.md: nothing jumps when the
 * data arrives). Hidden from assistive technology; the surrounding region announces loading and
 * breathes as one (`.skeleton-group`), so the lines are plain surface colour. Each block of text
 * draws its lines with its own pseudo-elements: six elements a card instead of eleven, on rows
 * of ten and grids of twenty.
 */
export function AnimeCardSkeleton({
  variant = 'grid',
  withNote = false,
  className,
}: {
  variant?: AnimeCardVariant;
  withNote?: boolean;
  className?: string;
}) {
  if (variant === 'list') {
    return (
      <div
        aria-hidden
        className={cn('flex h-full gap-3 rounded-md border border-border bg-surface p-3 sm:gap-4', className)}
        data-testid="anime-card-skeleton"
      >
        <div className="skeleton aspect-[2/3] w-24 shrink-0 self-start rounded-sm" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className={cn(TITLE, 'after:w-2/3')} />
          <div className={cn(LINE, 'h-4 before:h-3 before:w-1/2')} />
          <div
            className={cn(LINE, SECOND_LINE, 'h-10 gap-1.5 before:h-3 before:w-full after:h-3 after:w-4/5')}
          />
          <div className="mt-auto flex h-6 items-center justify-between before:h-3.5 before:w-16 before:rounded-sm before:bg-surface-2 after:h-3.5 after:w-24 after:rounded-sm after:bg-surface-2" />
        </div>
      </div>
    );
  }
  return (
    <div
      aria-hidden
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-md border border-border bg-surface',
        className,
      )}
      data-testid="anime-card-skeleton"
    >
      <div className="skeleton aspect-[2/3] w-full" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className={cn(TITLE, 'after:w-1/2')} />
        <div className={cn(LINE, 'h-4 before:h-3 before:w-2/3')} />
        {withNote && <div className={cn(LINE, 'h-5 before:h-3 before:w-1/2')} />}
        <div className={cn(LINE, 'mt-auto h-7 pt-2 before:h-3.5 before:w-24')} />
      </div>
    </div>
  );
}
