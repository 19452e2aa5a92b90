/** SPEC §2 Settings › Geral shows the app version and the browser. */
export const APP_VERSION = '1.0.0';

/**
 * "Chrome 131", "Firefox 133", "Safari 18", "Edge 131"... from a user-agent string, or null when
 * it names nothing we know. Order matters: Edge and Opera also say Chrome; Chrome also says Safari.
 */
export function browserName(userAgent: string): string | null {
  const rules: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/FxiOS\/(\d+)/, 'Firefox'],
    [/CriOS\/(\d+)/, 'Chrome'],
    [/(?:HeadlessChrome|Chromium)\/(\d+)/, 'Chromium'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return null;
}
