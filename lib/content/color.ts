/** Colours as the page uses them: `#rrggbb`, their contrast (WCAG 2.2), and tints. */

export type Rgb = [number, number, number];

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export const hexOf = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** Relative luminance (WCAG 2.2, 1.4.3). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour mixed with another: `share` 0 is the first, 1 the second. */
export function mix(a: string, b: string, share: number): string {
  const [from, to] = [rgbOf(a), rgbOf(b)];
  return hexOf(from.map((c, i) => c + (to[i]! - c) * share) as Rgb);
}

/** Text and controls need 4.5:1 against what they sit on (WCAG 2.2 AA, normal text). */
export const AA_CONTRAST = 4.5;

/**
 * The colour nearest to `hex`, mixed towards `toward` in steps of 5 %, that reaches `ratio`
 * against every background; `toward` itself when none nearer does.
 */
export function tintFor(hex: string, toward: string, backgrounds: string[], ratio = AA_CONTRAST) {
  for (let step = 0; step <= 20; step++) {
    const tint = mix(hex, toward, step / 20);
    if (backgrounds.every((bg) => contrast(tint, bg) >= ratio)) return tint;
  }
  return toward;
}

/**
 * What text sits on in each scheme of the public page (public/status.css's `--bg` and
 * `--surface`): an accent must read on both.
 */
export const PAGE_BACKGROUNDS = {
  light: ["#f6f7f9", "#ffffff"],
  dark: ["#111418", "#1a1f26"],
} as const;

/** The accent of the dark scheme: the one chosen, else the light one lightened until it reads. */
export function darkAccentOf(light: string, dark: string | null): string {
  return dark ?? tintFor(light, "#ffffff", [...PAGE_BACKGROUNDS.dark]);
}
