'use client';

import {
  createContext,
  useContext,
  useId,
  useRef,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/**
 * WAI-ARIA tabs (automatic activation): the subset of Radix Tabs' API that Explore and Settings
 * use, in ~1 kB instead of Radix's ~9 kB of first-load JavaScript. Arrow Left/Right move
 * and select (wrapping), Home/End go to the ends, only the selected tab is in the Tab order, and
 * the selected panel alone is rendered, labelled by its tab. `data-state` is 'active'/'inactive'
 * as with Radix, so styles keep working.
 */
interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tabs parts must be inside <Tabs.Root>');
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Root({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider
      value={{ baseId, value, select: (next) => next !== value && onValueChange(next) }}
    >
      {children}
    </TabsContext.Provider>
  );
}

export function List({ children, onKeyDown, ...props }: ComponentPropsWithoutRef<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? []);
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const target = {
      ArrowRight: tabs[(current + 1) % tabs.length],
      ArrowLeft: tabs[(current - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs.at(-1),
    }[event.key];
    if (!target) return;
    event.preventDefault();
    // Focusing a tab selects it (automatic activation).
    target.focus();
  };
  return (
    <div ref={ref} role="tablist" aria-orientation="horizontal" onKeyDown={move} {...props}>
      {children}
    </div>
  );
}

export function Trigger({
  value,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<'button'>, 'value' | 'onClick' | 'onFocus' | 'onMouseDown'> & { value: string }) {
  const { baseId, value: selected, select } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={active}
      aria-controls={active ? contentId(baseId, value) : undefined}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onMouseDown={(event) => {
        // Like Radix: a primary press selects at once (before the click), without Ctrl.
        if (event.button === 0 && !event.ctrlKey) select(value);
      }}
      onClick={() => select(value)}
      onFocus={() => select(value)}
      {...props}
    >
      {children}
    </button>
  );
}

export function Content({ value, children, ...props }: ComponentPropsWithoutRef<'div'> & { value: string }) {
  const { baseId, value: selected } = useTabs();
  if (value !== selected) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state="active"
      tabIndex={0}
      {...props}
    >
      {children}
    </div>
  );
}
