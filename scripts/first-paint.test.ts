import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  CAP_MS,
  deferredScripts,
  deferScriptsToFirstPaint,
  HYDRATED_EVENT,
  inlineCompletedBoundaries,
  PARSED_MARK_ID,
  revealCompletedBoundaries,
} from './first-paint.mjs';

const PAGE = [
  '<!DOCTYPE html><html lang="pt"><head>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-1.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script src="https://example.com/x.js" async=""></script>',
  '<script src="/_next/static/chunks/blocking.js"></script>',
  '</head><body><main>Olá</main>',
  '<script>self.__next_f.push([1,"x"])</script>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '</body></html>',
].join('');

function loaderOf(html: string): string {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return scripts[scripts.length - 1] ?? '';
}

describe('deferScriptsToFirstPaint', () => {
  it("takes out Next's async chunk scripts and starts them, once each and in order, from a loader at the end of the body", () => {
    const html = deferScriptsToFirstPaint(PAGE);
    expect(html).not.toContain('<script src="/_next/static/chunks/react.js"');
    expect(html).not.toContain('<script src="/_next/static/chunks/main.js"');
    expect(html).not.toContain('<link rel="preload" as="script"');
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script src="https://example.com/x.js" async=""></script>');
    expect(html).toContain('<script src="/_next/static/chunks/blocking.js"></script>');
    expect(html).toContain('<main>Olá</main><script>self.__next_f.push([1,"x"])</script>');
    expect(html.endsWith('</script></body></html>')).toBe(true);
    expect(loaderOf(html)).toContain(
      `(["/_next/static/chunks/react.js","/_next/static/chunks/turbopack-1.js","/_next/static/chunks/main.js"],${CAP_MS})`,
    );
  });

  it('names the scripts its loader adds (what a first-load measure counts)', () => {
    expect(deferredScripts(deferScriptsToFirstPaint(PAGE))).toEqual([
      '/_next/static/chunks/react.js',
      '/_next/static/chunks/turbopack-1.js',
      '/_next/static/chunks/main.js',
    ]);
    expect(deferredScripts('<html><body><p>404</p></body></html>')).toEqual([]);
  });

  it('leaves a page without chunk scripts, or with unexpected attributes or addresses, unchanged', () => {
    const plain =
      '<html><head><link rel="preload" as="script" href="/_next/static/chunks/a.js"/></head><body><p>404</p></body></html>';
    expect(deferScriptsToFirstPaint(plain)).toBe(plain);
    const odd = [
      '<script src="/_next/static/a.js" async="" integrity="sha384-x"></script>',
      '<script src="/_next/static/a b.js" async=""></script>',
      '<script src="/_next/static/a.js?x=&quot;" async=""></script>',
    ].join('');
    expect(deferScriptsToFirstPaint(odd)).toBe(odd);
  });

  it('appends the loader when the document has no closing body tag', () => {
    const html = deferScriptsToFirstPaint('<script src="/_next/static/a.js" async></script><p>x</p>');
    expect(html.startsWith('<p>x</p><script>(')).toBe(true);
  });
});

describe('revealCompletedBoundaries', () => {
  const mark = '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>';

  it("holds the first frame until the document's end is parsed, and drops React's note of the first frame", () => {
    const html = `<html><head><title>x</title></head><body><p>x</p>${mark}<script>$RC("B:0","S:0")</script></body></html>`;
    expect(revealCompletedBoundaries(html)).toBe(
      `<html><head><title>x</title><link rel="expect" href="#${PARSED_MARK_ID}" blocking="render"/></head>` +
        `<body><p>x</p><script>$RC("B:0","S:0")</script><template id="${PARSED_MARK_ID}"></template></body></html>`,
    );
  });

  it('leaves a fragment without head or body as it is', () => {
    expect(revealCompletedBoundaries(`<p>x</p>${mark}`)).toBe(`<p>x</p>${mark}`);
  });
});

/** Runs the generated loader in a small fake browser and returns its handles. */
function runLoader({
  visibility = 'visible',
  entryTypes = ['paint', 'element'],
  covers = [] as { inView: boolean; complete?: boolean; naturalWidth?: number }[],
  hiddenFrames = 0,
  html = '<script src="/_next/static/a.js" async=""></script><body></body>',
} = {}) {
  let unrevealed = hiddenFrames;
  type FakeScript = {
    src: string;
    onload?: (event: { type: string }) => void;
    onerror?: (event: { type: string }) => void;
  };
  const scripts: FakeScript[] = [];
  const added: string[] = [];
  const observers: { type: string; callback: (list: { getEntries(): unknown[] }) => void }[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const windowListeners: Record<string, (() => void)[]> = {};
  const images = covers.map((cover) => {
    const own: Record<string, (() => void)[]> = {};
    return {
      complete: cover.complete ?? false,
      naturalWidth: cover.naturalWidth ?? 0,
      getAttribute: () => '/_next/image?url=x',
      getBoundingClientRect: () =>
        cover.inView
          ? { width: 100, top: 10, bottom: 160, left: 0, right: 100 }
          : { width: 100, top: 2000, bottom: 2150, left: 0, right: 100 },
      addEventListener: (type: string, fn: () => void) => (own[type] ??= []).push(fn),
      fire: (type: string) => own[type]?.forEach((fn) => fn()),
    };
  });
  class FakeObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private callback: (list: { getEntries(): unknown[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback });
    }
  }
  const latch = { appended: false, open: false, closed: false, removed: false };
  const document = {
    visibilityState: visibility,
    head: {
      appendChild: (script: FakeScript) => {
        added.push(script.src);
        scripts.push(script);
      },
    },
    body: { appendChild: () => (latch.appended = true) },
    createElement: (tag: string) =>
      tag === 'iframe'
        ? {
            setAttribute: () => {},
            remove: () => (latch.removed = true),
            contentDocument: { open: () => (latch.open = true), close: () => (latch.closed = true) },
          }
        : ({} as FakeScript),
    querySelectorAll: () => images,
    // A streamed Suspense segment still hidden, for the first `hiddenFrames` looks.
    querySelector: (selector: string) => (selector.includes('S:') && unrevealed-- > 0 ? {} : null),
    addEventListener: (type: string, fn: () => void) => (listeners[type] ??= []).push(fn),
  };
  const page = deferScriptsToFirstPaint(html);
  runInNewContext(loaderOf(page), {
    document,
    PerformanceObserver: FakeObserver,
    innerWidth: 400,
    innerHeight: 800,
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    requestAnimationFrame: (fn: () => void) => timers.push({ fn, ms: 16 }),
    addEventListener: (type: string, fn: () => void) => (windowListeners[type] ??= []).push(fn),
  });
  const emit = (type: string, entries: unknown[]) =>
    observers.filter((o) => o.type === type).forEach((o) => o.callback({ getEntries: () => entries }));
  const runTimers = (below = Infinity) => {
    for (const timer of timers.splice(0).filter((t) => t.ms < below)) timer.fn();
  };
  /** The added scripts have run (or failed). */
  const runScripts = (fail = false) =>
    scripts.forEach((script) => (fail ? script.onerror : script.onload)?.({ type: fail ? 'error' : 'load' }));
  /** The layout's HydrationSignal has run. */
  const hydrate = () => windowListeners[HYDRATED_EVENT]?.forEach((fn) => fn());
  return { added, emit, timers, runTimers, runScripts, hydrate, images, listeners, latch };
}

describe('the loader in the page', () => {
  it('starts the app once the first contentful paint has been presented', () => {
    const page = runLoader();
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.emit('paint', [{ name: 'first-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    expect(page.latch).toEqual({ appended: true, open: true, closed: false, removed: false });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
    // The load event is held by the latch until the scripts have run, the app has said it has
    // hydrated, and the page is idle.
    expect(page.latch.closed).toBe(false);
    page.runScripts();
    page.runTimers(CAP_MS);
    expect(page.latch.closed).toBe(false);
    page.hydrate();
    expect(page.latch.closed).toBe(false);
    page.runTimers(CAP_MS);
    expect(page.latch).toEqual({ appended: true, open: true, closed: true, removed: true });
  });

  it('lets go of the load event 5 s after the scripts ran when the app never says it hydrated', () => {
    const page = runLoader();
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    page.runScripts();
    expect(page.timers.map((timer) => timer.ms)).toContain(5000);
    page.runTimers();
    page.runTimers();
    expect(page.latch.closed).toBe(true);
  });

  it('the loader listens for the event HydrationSignal dispatches', () => {
    const signal = readFileSync(
      new URL('../components/layout/hydration-signal.tsx', import.meta.url),
      'utf8',
    );
    expect(signal).toContain(`new Event('${HYDRATED_EVENT}')`);
    expect(
      deferScriptsToFirstPaint('<script src="/_next/static/a.js" async=""></script><body></body>'),
    ).toContain(`'${HYDRATED_EVENT}'`);
  });

  it('waits for the covers in view (not those below) to be shown, or to fail', () => {
    const page = runLoader({ covers: [{ inView: true }, { inView: true }, { inView: false }] });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.emit('element', [{ element: page.images[0], renderTime: 120 }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.images[1]?.fire('error');
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('measures the covers in view once React has revealed the streamed content', () => {
    const page = runLoader({ covers: [{ inView: true }], hiddenFrames: 2 });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.emit('element', [{ element: page.images[0], renderTime: 300 }]);
    expect(page.added).toEqual([]);
    page.runTimers(CAP_MS);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('does not wait for a cover that had already failed', () => {
    const page = runLoader({ covers: [{ inView: true, complete: true, naturalWidth: 0 }] });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('awaits a cover that had not started loading when the loader ran (complete, without size, then loading)', () => {
    const page = runLoader({ covers: [{ inView: true, complete: true, naturalWidth: 0 }] });
    const cover = page.images[0]!;
    cover.complete = false;
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.emit('element', [{ element: cover, renderTime: 90 }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('starts after the cap when no paint is reported, and only once', () => {
    const page = runLoader({ covers: [{ inView: true }] });
    page.runTimers();
    expect(page.added).toEqual(['/_next/static/a.js']);
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.emit('element', [{ element: page.images[0], renderTime: 1 }]);
    page.runTimers();
    page.listeners.visibilitychange?.forEach((fn) => fn());
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('adds the scripts four per task', () => {
    const srcs = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/_next/static/${name}.js`);
    const page = runLoader({
      html: srcs.map((src) => `<script src="${src}" async=""></script>`).join('') + '<body></body>',
    });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(1);
    expect(page.added).toEqual(srcs.slice(0, 4));
    page.runTimers(1);
    expect(page.added).toEqual(srcs);
  });

  it('lets go of the load event when a script fails too', () => {
    const page = runLoader();
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    page.runScripts(true);
    page.runTimers(CAP_MS);
    expect(page.latch.closed).toBe(true);
  });

  it('starts when the page is hidden before it painted', () => {
    const page = runLoader();
    page.listeners.visibilitychange?.forEach((fn) => fn());
    expect(page.added).toEqual(['/_next/static/a.js']);
  });

  it('starts at once in a hidden page, and after a frame where paints are not reported', () => {
    const hidden = runLoader({ visibility: 'hidden' });
    expect(hidden.added).toEqual(['/_next/static/a.js']);
    expect(hidden.latch.appended).toBe(false);
    const old = runLoader({ entryTypes: [] });
    expect(old.added).toEqual([]);
    old.runTimers();
    old.runTimers();
    expect(old.added).toEqual(['/_next/static/a.js']);
  });

  it('without Element Timing, a cover counts as shown a frame after it loaded', () => {
    const page = runLoader({ entryTypes: ['paint'], covers: [{ inView: true }] });
    page.emit('paint', [{ name: 'first-contentful-paint' }]);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual([]);
    page.images[0]?.fire('load');
    page.runTimers(CAP_MS);
    page.runTimers(CAP_MS);
    expect(page.added).toEqual(['/_next/static/a.js']);
  });
});

describe('inlineCompletedBoundaries', () => {
  const RUNTIME = '<script>$RB=[];$RC=function(a,b){};$RC("B:0","S:0")</script>';
  const STREAMED = [
    '<html><head></head><body><main>',
    '<!--$?--><template id="B:0"></template><div data-skeleton="outer">Carregando...<!--$--><b>nested</b><!--/$--></div><!--/$-->',
    '</main><footer>f</footer>',
    '<div hidden id="S:0"><article><h1>Naruto</h1><div><p>a</p></div>',
    '<script type="application/ld+json">{"x":"<div>"}</script><!-- <div> -->',
    '<section><!--$?--><template id="B:1"></template><div data-skeleton="inner"></div><!--/$--></section></article></div>',
    RUNTIME,
    '<div hidden id="S:1"><p>Sinopse</p></div><script>$RC("B:1","S:1")</script>',
    '</body></html>',
  ].join('');

  it('puts each completed boundary in place of its skeleton, nested ones too, and drops the instructions', () => {
    const html = inlineCompletedBoundaries(STREAMED);
    expect(html).toBe(
      [
        '<html><head></head><body><main>',
        '<!--$--><article><h1>Naruto</h1><div><p>a</p></div>',
        '<script type="application/ld+json">{"x":"<div>"}</script><!-- <div> -->',
        '<section><!--$--><p>Sinopse</p><!--/$--></section></article><!--/$-->',
        '</main><footer>f</footer>',
        '<script>$RB=[];$RC=function(a,b){};</script>',
        '</body></html>',
      ].join(''),
    );
  });

  it('leaves to the script what it cannot match, and a document without boundaries as it is', () => {
    const missingTemplate = STREAMED.replace('<template id="B:1"></template>', '');
    const html = inlineCompletedBoundaries(missingTemplate);
    expect(html).toContain('<div hidden id="S:1"><p>Sinopse</p></div><script>$RC("B:1","S:1")</script>');
    expect(html).toContain('<!--$--><article><h1>Naruto</h1>');
    const unbalanced = STREAMED.replace('<div hidden id="S:1"><p>Sinopse</p></div>', '<div hidden id="S:1"><p>Sinopse</p>');
    expect(inlineCompletedBoundaries(unbalanced)).toContain('$RC("B:1","S:1")');
    expect(inlineCompletedBoundaries(PAGE)).toBe(PAGE);
  });
});
