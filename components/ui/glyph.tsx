import { createElement, type SVGProps } from 'react';
import type { IconNode } from 'lucide';
import { cn } from '@/lib/utils/cn';

/**
 * A Lucide icon drawn from its node data (the `lucide` package): the SVG lucide-react draws,
 * without its runtime. lucide-react's icons are client components, so every icon a server
 * component drew put their code in the first scripts of every page; this renders anywhere as
 * plain markup. Decorative (aria-hidden) unless given a label.
 */
export function Glyph({
  icon,
  className,
  ...rest
}: { icon: IconNode } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  const labelled = Boolean(rest['aria-label'] || rest['aria-labelledby'] || rest.role);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('lucide', className)}
      aria-hidden={labelled ? undefined : true}
      {...rest}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
