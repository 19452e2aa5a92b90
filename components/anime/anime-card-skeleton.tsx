import { cn } from '@/lib/utils/cn';
import type { AnimeCardVariant } from './anime-card';

/**
 * AnimeCard's loading stand-in, box for box the same sizes (DESIGN.md: nothing jumps when the
 * data arrives). Hidden from assistive technology; the surrounding region announces loading.
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
          <div className="flex h-10 flex-col justify-center gap-1.5">
            <div className="skeleton h-3.5 w-11/12 rounded-sm" />
            <div className="skeleton h-3.5 w-2/3 rounded-sm" />
          </div>
          <div className="flex h-4 items-center">
            <div className="skeleton h-3 w-1/2 rounded-sm" />
          </div>
          <div className="flex h-10 flex-col justify-center gap-1.5">
            <div className="skeleton h-3 w-full rounded-sm" />
            <div className="skeleton h-3 w-4/5 rounded-sm" />
          </div>
          <div className="mt-auto flex h-6 items-center justify-between">
            <div className="skeleton h-3.5 w-16 rounded-sm" />
            <div className="skeleton h-3.5 w-24 rounded-sm" />
          </div>
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
        <div className="flex h-10 flex-col justify-center gap-1.5">
          <div className="skeleton h-3.5 w-11/12 rounded-sm" />
          <div className="skeleton h-3.5 w-1/2 rounded-sm" />
        </div>
        <div className="flex h-4 items-center">
          <div className="skeleton h-3 w-2/3 rounded-sm" />
        </div>
        {withNote && (
          <div className="flex h-5 items-center">
            <div className="skeleton h-3 w-1/2 rounded-sm" />
          </div>
        )}
        <div className="mt-auto pt-2">
          <div className="flex h-5 items-center">
            <div className="skeleton h-3.5 w-24 rounded-sm" />
          </div>
        </div>
      </div>
    </div>
  );
}
