// The build files a page's server HTML makes a modern browser load (bench/bundle.mjs, e2e).

/** Scripts and stylesheets a modern browser loads for the page (noModule polyfills excluded). */
export function pageAssets(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/\bnoModule\b/i.test(m[1]))
    .map((m) => /src="(\/_next\/static\/[^"]+\.js)"/.exec(m[1])?.[1]);
  const preloads = [...html.matchAll(/<link\b([^>]*)>/g)]
    .filter((m) => /rel="(stylesheet|preload)"/.test(m[1]))
    .map((m) => /href="(\/_next\/static\/[^"]+\.(?:js|css))"/.exec(m[1])?.[1]);
  return [...new Set([...scripts, ...preloads].filter(Boolean))];
}
