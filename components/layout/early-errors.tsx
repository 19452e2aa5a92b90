/** Where the inline script keeps the page's errors until the logger is there. */
export const EARLY_ERRORS_KEY = '__animeMasterEarlyErrors';

/**
 * Unhandled errors and rejections are logged, not shown (SPEC §8). The logger loads after the
 * page is interactive (GlobalErrorLogger); this inline script, first in <body>, holds what happens
 * before, from the first byte on, and GlobalErrorLogger hands it over.
 */
const SCRIPT = `(function(){var h={events:[],hold:function(e){h.events.push(e)},stop:function(){removeEventListener('error',h.hold);removeEventListener('unhandledrejection',h.hold)}};window.${EARLY_ERRORS_KEY}=h;addEventListener('error',h.hold);addEventListener('unhandledrejection',h.hold)})()`;

export function EarlyErrors() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
