import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layers, each importing only those below it: app/ and inngest/ call lib/ verbs; lib/ uses
// db/; db/ stands alone (but for the validated configuration).
const MAY_NOT_IMPORT: Record<string, string[]> = {
  lib: ["@/app/", "@/inngest/"],
  db: ["@/app/", "@/inngest/"],
  inngest: ["@/app/"],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sources(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

describe("layers", () => {
  it("import one way only", () => {
    const crossings: string[] = [];
    for (const [layer, forbidden] of Object.entries(MAY_NOT_IMPORT)) {
      for (const file of sources(layer)) {
        const text = readFileSync(file, "utf8");
        for (const prefix of forbidden) {
          if (text.includes(`from "${prefix}`) || text.includes(`import("${prefix}`)) {
            crossings.push(`${file} imports ${prefix}`);
          }
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
