import { Star } from 'lucide';
import { Glyph } from '@/components/ui/glyph';
import { cn } from '@/lib/utils/cn';

/** Five stars, `rating` of them filled; one accessible image named by `label` (e.g. "4/5"). */
export function StarDisplay({
  rating,
  label,
  className,
}: {
  rating: number;
  label: string;
  className?: string;
}) {
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {Array.from({ length: 5 }, (_, index) => (
        <Glyph
          icon={Star}
          key={index}
          aria-hidden
          className={cn('size-4', index < rating ? 'fill-current text-star' : 'text-muted')}
        />
      ))}
    </span>
  );
}
