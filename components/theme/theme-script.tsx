import { FONT_FILE_PATTERN, FONT_READY_CLASS, FONT_READY_KEY } from '@/lib/fonts/font-ready';
import { THEME_KEY } from './theme-key';

/**
 * Runs before the page paints (an inline script, first in <body>): the stored theme, or the
 * system's while nothing is stored, as the class on <html>, so no page ever flashes the wrong
 * one; and it keeps following the system live while nothing is stored, hydrated or not. The
 * theme store (theme-store.ts) does the same after a choice. Once an earlier page has put Inter in
 * the cache, it also preloads that file and puts the class that draws the page with Inter
 * (lib/fonts/font-ready.ts).
 */
const SCRIPT = `(function(){try{var d=document.documentElement,m=window.matchMedia('(prefers-color-scheme: dark)');function a(){var s=null;try{s=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}var t=s==='light'||s==='dark'?s:m.matches?'dark':'light';d.classList.remove(t==='dark'?'light':'dark');d.classList.add(t);d.style.colorScheme=t}a();m.addEventListener('change',a);try{var f=localStorage.getItem(${JSON.stringify(FONT_READY_KEY)});if(f&&${FONT_FILE_PATTERN.toString()}.test(f)){var l=document.createElement('link');l.rel='preload';l.as='font';l.type='font/woff2';l.crossOrigin='anonymous';l.href=f;document.head.appendChild(l);d.classList.add(${JSON.stringify(FONT_READY_CLASS)})}}catch(e){}}catch(e){}})()`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
