import { Activity } from 'react';

/**
 * A page's content drawn by the server, hydrated after the header: React hydrates a visible
 * `<Activity>` at the lowest priority once the rest of the page has committed, so the header's
 * controls work without waiting for the content's elements (hundreds on the home and detail
 * pages). Unlike a Suspense boundary it never suspends, so the server writes it in place, whole
 * without JavaScript. A tap on the content before then hydrates it at once and acts
 * (docs/decisions/content-after-header.md). Not for a page whose main content is drawn from this
 * browser's stores (the lists, the ratings): that content waits for its own hydration.
 */
export function ContentAfterHeader({ children }: { children: React.ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
