import { useId, type ReactNode } from 'react';

/**
 * A home carousel's section: heading, count line and controls on one row, then the content
 * (the carousel or its loading, error or empty state). Shared by server and client components.
 */
export function CarouselFrame({
  title,
  subtitle,
  controls,
  busy = false,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  controls?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8"
    >
      <div className="mb-2 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold sm:text-xl">
            {title}
          </h2>
          <div className="mt-0.5 flex h-5 items-center text-sm text-muted">{subtitle}</div>
        </div>
        {controls && <div className="flex shrink-0 items-center gap-1">{controls}</div>}
      </div>
      {children}
    </section>
  );
}
