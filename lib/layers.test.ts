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

/**
 * lib/ in floors, lowest first: a folder (or a file at lib/'s top) imports only from folders
 * before it in this list, type-only imports included. lib/testing serves the tests and may
 * import anything. An exception is allowed only where CONTRIBUTING.md names it with its reason.
 */
const LIB_FLOORS: string[][] = [
  // Foundations: configuration, logging, the typed errors, small helpers.
  ["config", "log", "errors", "within", "group-by", "database-outage"],
  // Tools without domain knowledge, and the browser's own modules.
  ["crypto", "net", "limits", "content", "status", "time", "client", "i18n"],
  // HTTP plumbing: the front gate, problem+json, addresses, headers.
  ["http", "metrics"],
  // What every domain shares: zod fields, paging, operation declarations, the actor.
  ["contract"],
  // Events out of a transaction, the announcer of background work, the "data changed" signal,
  // the audit log every change writes to.
  ["jobs", "outbox", "changes", "audit"],
  // The domains, each using only those before it.
  ["workspace", "pages", "components", "incidents", "maintenance", "monitors", "reports"],
  [
    "email",
    "subscribers",
    "notifications",
    "members",
    "tokens",
    "sso",
    "auth",
    "statuspage",
    "import",
  ],
  ["public"],
  // The top: the /v1 wrapper, registry and OpenAPI, the embedded runner, the server and CLIs.
  ["api", "runner", "server", "cli"],
];
const ALLOWED_UPWARD = new Set<string>([]);

const libFolder = (file: string) => {
  const [, first] = file.split(path.sep);
  return first!.replace(/\.(ts|tsx|mjs)$/, "");
};

describe("layers", () => {
  it("lib/ imports only from floors below, in order", () => {
    const order = LIB_FLOORS.flat();
    const upward: string[] = [];
    const unplaced = new Set<string>();
    for (const file of sources("lib")) {
      const from = libFolder(file);
      if (from === "testing") continue;
      const rank = order.indexOf(from);
      if (rank < 0) unplaced.add(from);
      const text = readFileSync(file, "utf8");
      for (const [, target] of text.matchAll(/(?:from|import\()\s*"@\/lib\/([a-z0-9-]+)/g)) {
        if (target === from) continue;
        const targetRank = order.indexOf(target!);
        if (targetRank < 0) unplaced.add(target!);
        else if (targetRank > rank && !ALLOWED_UPWARD.has(`${file} -> ${target}`)) {
          upward.push(`${file} -> ${target}`);
        }
      }
    }
    expect([...unplaced]).toEqual([]);
    expect(upward).toEqual([]);
  });

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

  it("the browser gets types from lib/, and values only from browser-safe modules", () => {
    // Modules a client component may import values from: no server code, no secrets.
    const browserSafe = [
      "@/lib/client/",
      "@/lib/status/labels",
      "@/lib/time/",
      "@/lib/content/markdown",
      "@/lib/content/placeholders",
      "@/lib/auth/next-path",
    ];
    const crossings: string[] = [];
    // Every module of app/ the browser loads: client components and what they import from app/.
    const appFiles = new Set(sources("app"));
    const resolve = (from: string, spec: string) => {
      const base = spec.startsWith("@/") ? spec.slice(2) : path.join(path.dirname(from), spec);
      return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
        .map((ext) => path.normalize(base + ext))
        .find((candidate) => appFiles.has(candidate));
    };
    const inBrowser = new Set(
      [...appFiles].filter((file) => readFileSync(file, "utf8").startsWith('"use client"')),
    );
    for (const file of inBrowser) {
      const text = readFileSync(file, "utf8");
      for (const [, spec] of text.matchAll(
        /import\s+(?!type\s)[^;]*?from\s+"((?:@\/app\/|\.)[^"]+)"/g,
      )) {
        const target = resolve(file, spec!);
        if (target) inBrowser.add(target);
      }
    }
    for (const file of inBrowser) {
      const text = readFileSync(file, "utf8");
      for (const [statement, target] of text.matchAll(
        /import\s+(?!type\s)[^;]*?from\s+"(@\/(?:lib|db)\/[^"]+)"/g,
      )) {
        if (browserSafe.some((safe) => target!.startsWith(safe))) continue;
        // `import { type A, type B }` carries no value either.
        const names = /\{([^}]*)\}/.exec(statement)?.[1];
        if (names && names.split(",").every((name) => /^\s*(type\s|$)/.test(name))) continue;
        crossings.push(`${file} imports ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
