/**
 * The text colour (white or black) that reads best on a solid background given as `#rrggbb` or
 * `hsl(h s% l%)`: the one with the higher WCAG contrast ratio.
 */
export function inkOn(background: string): '#ffffff' | '#000000' {
  const rgb = parseColour(background);
  if (!rgb) return '#ffffff';
  const luminance = relativeLuminance(rgb);
  const withWhite = 1.05 / (luminance + 0.05);
  const withBlack = (luminance + 0.05) / 0.05;
  return withWhite >= withBlack ? '#ffffff' : '#000000';
}

/** WCAG 2 contrast ratio of two colours in the forms inkOn accepts. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [a, b].map((colour) => relativeLuminance(parseColour(colour) ?? [0, 0, 0]));
  const [light, dark] = la! >= lb! ? [la!, lb!] : [lb!, la!];
  return (light + 0.05) / (dark + 0.05);
}

type Rgb = [number, number, number];

function parseColour(colour: string): Rgb | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const value = Number.parseInt(hex[1]!, 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  }
  const hsl = /^hsl\(\s*([\d.]+)\s+([\d.]+)%\s+([\d.]+)%\s*\)$/i.exec(colour.trim());
  if (hsl) return hslToRgb(Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100);
  return null;
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
