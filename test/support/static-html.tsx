import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';

/** The HTML the server sends for `element` as a whole document: <head> holds what it preloads. */
export async function staticHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(
    <html>
      <body>{element}</body>
    </html>,
  );
  return new Response(prelude).text();
}
