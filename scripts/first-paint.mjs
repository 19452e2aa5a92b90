// The page paints before the app starts (issues 8, 9 and 15: LCP ≤ 2.0 s on a mid-range phone).
//
// Next writes its client chunks as `<script async src>` in <head>. An async script runs as soon as
// it has arrived, so on a phone the framework's evaluation and hydration (hundreds of ms at 4× CPU)
// often run before the browser has painted the server HTML at all, and its ~175 kB share the
// connection with the document, the font and the covers: the visitor looks at a blank screen while
// React starts. The front server (scripts/front-server.mjs) takes those tags out and ends the body
// with a small loader that adds them once the page's first paint and its above-the-fold covers
// (`elementtiming` images) have been shown, or after CAP_MS at the latest. The page is server
// HTML: it reads, and its links work, before the app starts; buttons answer once it has.
//
// The window's load event still comes after the app has run and hydrated (a latch holds it). A
// hidden or prerendering page has nothing to paint yet: it starts at once.

/**
 * The event the layout's HydrationSignal dispatches on window once the app has hydrated (written
 * out in the loader, which is serialised into the page on its own).
 */
export const HYDRATED_EVENT = 'anime-master:hydrated';

/** Longest the app waits for the first paint and the covers, from the loader's start. */
export const CAP_MS = 2000;

const CHUNK_SCRIPT = /<script\b([^>]*)><\/script\s*>/gi;
const LINK = /<link\b([^>]*?)\/?>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributes(text) {
  const found = new Map();
  for (const match of text.matchAll(ATTRIBUTE)) {
    found.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/**
 * Runs in the browser (serialised into the page by `deferScriptsToFirstPaint`): adds `srcs` as
 * async scripts when the first contentful paint and every `img[elementtiming]` in the viewport
 * have been presented (Paint Timing and Element Timing entries carry the presentation time), when
 * a cover fails, or after `cap` ms. Browsers without those entry types wait for a frame instead.
 */
function startAfterFirstPaint(srcs, cap) {
  const doc = document;
  let started = false;
  let latch = null;
  // Let go of the load latch once every script has run and React has hydrated: the layout's
  // HydrationSignal (components/layout/hydration-signal.tsx) says so with this event, once its
  // effects run. Then one idle moment more, for the work hydration scheduled. An idle callback
  // alone was not enough: on a busy machine its timeout came while React was still hydrating,
  // and a click right after load was lost. A failed chunk lets go at once (no app will say so),
  // and an app that never says so after 5 s does too.
  let scriptsDone = false;
  let hydrated = false;
  let released = false;
  const release = () => {
    if (released || !scriptsDone || !hydrated) return;
    released = true;
    const whenIdle =
      typeof requestIdleCallback === 'function' ? requestIdleCallback : (fn) => setTimeout(fn, 0);
    whenIdle(
      () => {
        latch?.contentDocument?.close();
        latch?.remove();
      },
      { timeout: 1000 },
    );
  };
  addEventListener(
    'anime-master:hydrated',
    () => {
      hydrated = true;
      release();
    },
    { once: true },
  );
  const start = () => {
    if (started) return;
    started = true;
    let running = srcs.length;
    let failed = false;
    const add = (src) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = script.onerror = (event) => {
        if (event.type === 'error') failed = true;
        if (--running > 0 || !latch) return;
        scriptsDone = true;
        if (failed) hydrated = true;
        else
          setTimeout(() => {
            hydrated = true;
            release();
          }, 5000);
        release();
      };
      doc.head.appendChild(script);
    };
    // A few tags per task: each request costs the main thread ~1–2 ms (more while DevTools
    // records initiators), and all ~15 at once were one 20–30 ms task after the first paint.
    // Next writes them all `async`, so their order never mattered.
    const pending = [...srcs];
    const addSome = () => {
      for (const src of pending.splice(0, 4)) add(src);
      if (pending.length) setTimeout(addSome, 0);
    };
    addSome();
  };
  const types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (doc.visibilityState !== 'visible' || doc.prerendering || !types.includes('paint')) {
    if (doc.visibilityState === 'visible' && !doc.prerendering)
      requestAnimationFrame(() => setTimeout(start, 0));
    else start();
    return;
  }
  // The window's load event means "the page and its app are loaded" to browsers, tools and tests,
  // as when the scripts were in the HTML: a blank frame whose document stays open holds it until
  // the app has run and hydrated.
  latch = doc.createElement('iframe');
  latch.hidden = true;
  latch.tabIndex = -1;
  latch.setAttribute('aria-hidden', 'true');
  doc.body.appendChild(latch);
  latch.contentDocument?.open();
  setTimeout(start, cap);
  doc.addEventListener('visibilitychange', start, { once: true });
  // Covers that have been shown or have failed, and (from the first contentful paint on, when the
  // layout is done anyway) the covers in view still awaited.
  const done = new Set();
  let awaited = null;
  const check = () => {
    if (awaited?.every((img) => done.has(img))) setTimeout(start, 0);
  };
  const shown = (img) => {
    done.add(img);
    check();
  };
  const covers = [...doc.querySelectorAll('img[elementtiming]')];
  for (const img of covers) {
    img.addEventListener('error', () => shown(img));
    if (!types.includes('element'))
      img.addEventListener('load', () => requestAnimationFrame(() => shown(img)));
  }
  const measure = () => {
    // Content React has not revealed yet (a streamed Suspense boundary) is revealed within frames.
    if (doc.querySelector('div[hidden][id^="S:"]')) {
      requestAnimationFrame(measure);
      return;
    }
    const vw = innerWidth;
    const vh = innerHeight;
    awaited = covers.filter((img) => {
      // Broken before the listener above was added (by now every cover has started loading).
      if (img.complete && img.naturalWidth === 0) return false;
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < vh && box.right > 0 && box.left < vw;
    });
    check();
  };
  let painted = false;
  new PerformanceObserver((list) => {
    if (painted || !list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    painted = true;
    measure();
  }).observe({ type: 'paint', buffered: true });
  if (types.includes('element')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.element && entry.renderTime > 0) shown(entry.element);
    }).observe({ type: 'element', buffered: true });
  }
}

/** A boundary's completion instruction, as React streams it: `$RC("B:0","S:0")`. */
const COMPLETE_CALL = /\$RC\("(B:[0-9a-f]+)","(S:[0-9a-f]+)"\)/;

/**
 * The end of the element that opens at `start` (a `<div>`), by counting `<div>` and `</div>`;
 * scripts, styles and comments are skipped whole. -1 when it does not end.
 */
function elementEnd(html, start) {
  const TOKEN = /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<div\b[^>]*>|<\/div\s*>/gi;
  TOKEN.lastIndex = start;
  let depth = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    const token = match[0];
    if (/^<div\b/i.test(token)) depth++;
    else if (/^<\/div/i.test(token)) {
      depth--;
      if (depth === 0) return match.index + token.length;
    }
  }
  return -1;
}

/**
 * Where the boundary whose fallback starts at `from` ends: its closing `<!--/$-->`, past any
 * boundary nested in the fallback. -1 when it does not end.
 */
function boundaryEnd(html, from) {
  const COMMENT = /<!--(\/?[$&][?!~]?)-->/g;
  COMMENT.lastIndex = from;
  let depth = 0;
  for (let match = COMMENT.exec(html); match; match = COMMENT.exec(html)) {
    if (match[1].startsWith('/')) {
      if (depth === 0) return match.index;
      depth--;
    } else depth++;
  }
  return -1;
}

/**
 * A page sent whole has each streamed Suspense boundary's content at the end of the body, in a
 * hidden `<div id="S:…">`, and a script (`$RC`) that moves it in place of the skeleton. Without
 * JavaScript the visitor saw the skeletons only ('Carregando...' for a whole detail page). This
 * does the script's work on the server: the content takes the fallback's place, the boundary is
 * marked complete (`<!--$-->`, which React hydrates as rendered), and the instruction goes.
 * Boundaries it cannot match (a missing template or an unbalanced block) are left to the script.
 */
export function inlineCompletedBoundaries(html) {
  let out = html;
  // In passes: a boundary nested in another's content is reached once that content is in place.
  for (let progress = true, passes = 0; progress && passes < 50; passes++) {
    progress = false;
    const calls = [...out.matchAll(new RegExp(COMPLETE_CALL, 'g'))].map((match) => [match[1], match[2]]);
    for (const [boundaryId, segmentId] of calls) {
      const instruction = `$RC("${boundaryId}","${segmentId}")`;
      const callIndex = out.indexOf(instruction);
      const segmentStart = out.indexOf(`<div hidden id="${segmentId}">`);
      const marker = `<!--$?--><template id="${boundaryId}"></template>`;
      const boundaryStart = out.indexOf(marker);
      if (callIndex === -1 || segmentStart === -1 || boundaryStart === -1) continue;
      const segmentEnd = elementEnd(out, segmentStart);
      const fallbackEnd = boundaryEnd(out, boundaryStart + marker.length);
      // React writes the fallback, then the content, then the instruction; anything else (the
      // boundary still inside another hidden block, say) waits for a later pass or for the script.
      if (fallbackEnd === -1 || segmentEnd === -1 || segmentStart < fallbackEnd || callIndex < segmentEnd) continue;
      const content = out.slice(out.indexOf('>', segmentStart) + 1, segmentEnd - '</div>'.length);
      // Later parts first, so the earlier indices stay right: the instruction, the hidden block,
      // then the fallback.
      out = out.slice(0, callIndex) + out.slice(callIndex + instruction.length);
      out = out.slice(0, segmentStart) + out.slice(segmentEnd);
      out = out.slice(0, boundaryStart) + '<!--$-->' + content + out.slice(fallbackEnd);
      progress = true;
    }
  }
  // Scripts the instructions emptied go.
  return out.replace(/<script>;?<\/script>/g, '');
}

/** React's note of the first frame, after which it holds each Suspense reveal back ~300 ms. */
const REVEAL_THROTTLE_MARK = '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>';

/** The element that ends a document sent whole: the first frame waits until it is parsed. */
export const PARSED_MARK_ID = 'document-parsed';

/**
 * A document sent whole has every streamed Suspense boundary complete already: its content sits
 * at the end of the body, and a script there swaps it in for the skeleton. Painted before that
 * script ran, the page would show the skeletons and then shift (the search results pushed the
 * footer down: CLS 0.29 in one Lighthouse run of three). So:
 * - the first frame waits until the document's end is parsed (`<link rel="expect"
 *   blocking="render">`, Chromium 124+; the bytes are all there, it costs the parse only);
 * - React's note of the first frame is dropped: a boundary completed after the first frame is
 *   revealed at least 300 ms after it (against flashing content in while a slow stream arrives);
 *   without the note, React reveals it at the next frame, its own path for content that arrives
 *   before the first paint.
 */
export function revealCompletedBoundaries(html) {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd === -1 || bodyEnd < headEnd) return html;
  return (
    html.slice(0, headEnd) +
    `<link rel="expect" href="#${PARSED_MARK_ID}" blocking="render"/>` +
    html.slice(headEnd, bodyEnd).replace(REVEAL_THROTTLE_MARK, '') +
    `<template id="${PARSED_MARK_ID}"></template>` +
    html.slice(bodyEnd)
  );
}

/**
 * Takes a page's Next chunk scripts (`<script src="/_next/static/…" async>`) and the preloads of
 * them out, and adds the loader (which adds them back after the paint) before `</body>`. Other
 * scripts (inline ones, `noModule` polyfills, anything not async or not Next's) are left as they
 * are. A page without chunk scripts is returned unchanged.
 */
export function deferScriptsToFirstPaint(html, cap = CAP_MS) {
  const srcs = [];
  const rewritten = html.replace(CHUNK_SCRIPT, (tag, attributeText) => {
    const attrs = attributes(attributeText);
    const src = attrs.get('src');
    const isChunk =
      src?.startsWith('/_next/static/') &&
      attrs.has('async') &&
      !attrs.has('nomodule') &&
      [...attrs.keys()].every((name) => name === 'src' || name === 'async');
    if (!isChunk || !/^[\w./~-]+$/.test(src)) return tag;
    if (!srcs.includes(src)) srcs.push(src);
    return '';
  });
  if (srcs.length === 0) return html;
  // Next preloads its entry chunk: that download too waits for the paint.
  const withoutPreloads = rewritten.replace(LINK, (tag, attributeText) => {
    const attrs = attributes(attributeText);
    const isChunkPreload =
      attrs.get('rel')?.toLowerCase() === 'preload' &&
      attrs.get('as')?.toLowerCase() === 'script' &&
      srcs.includes(attrs.get('href') ?? '');
    return isChunkPreload ? '' : tag;
  });
  const loader = `<script>(${startAfterFirstPaint.toString()})(${JSON.stringify(srcs)},${Number(cap)})</script>`;
  const end = withoutPreloads.lastIndexOf('</body>');
  return end === -1
    ? withoutPreloads + loader
    : withoutPreloads.slice(0, end) + loader + withoutPreloads.slice(end);
}

/** The chunk scripts a page's loader adds after the first paint (tools measuring a first load). */
export function deferredScripts(html) {
  const call = /\}\)\((\[[^\]]*\]),\d+\)<\/script>/.exec(html);
  if (!call) return [];
  try {
    const srcs = JSON.parse(call[1]);
    return Array.isArray(srcs) ? srcs.filter((src) => typeof src === 'string') : [];
  } catch {
    return [];
  }
}
