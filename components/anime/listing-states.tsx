import { SearchX, TriangleAlert, type IconNode } from 'lucide';
import { Glyph } from '@/components/ui/glyph';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils/cn';

/**
 * The empty and error states of a listing (DESIGN.md: an icon, one sentence from SPEC.md, one
 * clear action). Errors are announced (role="alert"); empty results are a polite status.
 */
export function ListingMessage({
  tone,
  icon,
  title,
  text,
  action,
  children,
  className,
}: {
  tone: 'error' | 'empty';
  /** Replaces the tone's default icon (a warning sign, or an empty search). */
  icon?: IconNode;
  title?: string;
  text?: string;
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const shown = icon ?? (tone === 'error' ? TriangleAlert : SearchX);
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex flex-col items-center gap-3 rounded-md border border-dashed border-border bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      <Glyph
        icon={shown}
        aria-hidden
        className={cn('size-9', tone === 'error' ? 'text-error' : 'text-muted')}
      />
      {title && <p className="text-base font-semibold text-fg">{title}</p>}
      {text && <p className="max-w-md text-sm text-muted">{text}</p>}
      {children}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
