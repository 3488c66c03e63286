import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AA_CONTRAST, contrast, PAGE_BACKGROUNDS } from "@/lib/content/color";

// The page's colours, read from its stylesheet: every text colour reads (WCAG AA, 4.5:1) on what
// it sits on, in both schemes, status colours included.
const css = readFileSync("public/status.css", "utf8");

function variables(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6});/g)].map(([, name, value]) => [name, value]),
  );
}

const light = variables(css.slice(css.indexOf(":root {"), css.indexOf("}")));
const darkStart = css.indexOf("@media (prefers-color-scheme: dark)");
const dark = variables(css.slice(darkStart, css.indexOf("}\n}", darkStart)));

const TEXT = [
  "text",
  "muted",
  "link",
  "operational",
  "maintenance",
  "degraded",
  "partial",
  "major",
];
// The banner writes white (light scheme) or the page's dark background (dark) on a status colour.
const BANNER = ["operational", "maintenance", "degraded", "partial", "major"];

describe("the page's colours", () => {
  it("are the backgrounds the accent is checked against", () => {
    expect([light.bg, light.surface]).toEqual(PAGE_BACKGROUNDS.light);
    expect([dark.bg, dark.surface]).toEqual(PAGE_BACKGROUNDS.dark);
  });

  it.each([
    ["light", light, "#ffffff"],
    ["dark", dark, "#111418"],
  ] as const)("reach 4.5:1 in the %s scheme", (_, scheme, bannerText) => {
    const low: string[] = [];
    for (const name of TEXT) {
      for (const bg of ["bg", "surface"]) {
        const ratio = contrast(scheme[name]!, scheme[bg]!);
        if (ratio < AA_CONTRAST) low.push(`${name} on ${bg}: ${ratio.toFixed(2)}`);
      }
    }
    for (const name of BANNER) {
      const ratio = contrast(bannerText, scheme[name]!);
      if (ratio < AA_CONTRAST) low.push(`banner text on ${name}: ${ratio.toFixed(2)}`);
    }
    expect(low).toEqual([]);
  });
});
