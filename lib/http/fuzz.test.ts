import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { config, resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { openApiDocument } from "@/lib/api/openapi";

// Walks every operation of /openapi.json: builds bodies from its schemas, breaks them, and sends
// them with hostile paths and queries. Whatever comes back is never a 5xx, every 4xx is
// problem+json, and what was stored before reads back the same afterwards.

type Schema = Record<string, any>;
type Operation = { method: string; path: string; body?: Schema; query: string[] };

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// The per-session request limit is tested on its own; here it would only cut the walk short.
process.env.API_RATE_LIMIT = "0";
resetConfig();

const HOSTILE_STRINGS = [
  "",
  " ",
  "a\u0000b",
  "\u0007\u001b[2J",
  "\ud800",
  "\udfff tail",
  "💥".repeat(300),
  "x".repeat(70_000),
  "<script>alert(1)</script>",
  "{{placeholder}}",
  "' or 1=1 --",
  "../../etc/passwd",
  "%00",
  "\u202eevil",
  "null",
  "NaN",
  "-1",
  "1e309",
];
const MALFORMED_IDS = ["not-a-uuid", "0", "%2e%2e", "00000000-0000-0000-0000-000000000000", "🙂"];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}),
  fc.constantFrom<unknown>({ __proto__: { admin: true } }, { constructor: { prototype: 1 } }),
  fc.integer({ min: 1, max: 60 }).map((depth) => {
    let value: unknown = "deep";
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  }),
  fc.array(fc.string(), { minLength: 500, maxLength: 2000 }),
  fc.anything(),
);

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(components[ref.split("/").pop()!]!, components) : schema;
}

/** A value that fits `schema` (as far as JSON Schema says; rules beyond it may still refuse). */
function valid(
  schema: Schema,
  components: Record<string, Schema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  const choices = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map((c) => valid(c, components, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      if (s.format === "uuid") return fc.uuid({ version: 7 });
      if (s.format === "date-time")
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === "email") return fc.emailAddress();
      if (s.format === "uri") return fc.webUrl();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 4
        ? fc.constant([])
        : fc.array(valid(s.items ?? {}, components, depth + 1), { maxLength: 3 });
    case "object": {
      if (depth > 4) return fc.constant({});
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(s.required ?? []);
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, child]) => [
            key,
            valid(child, components, depth + 1),
          ]),
        ),
        { requiredKeys: [...required].filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid body, then broken: one field given a hostile value, an unknown or prototype key added, or the whole replaced. */
function broken(body: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    body,
    // Every string of a valid body at once: the text rule must catch each wherever it sits.
    fc
      .tuple(body, fc.constantFrom("a\u0000b", "bell\u0007", "\ud800", "x\u001fy"))
      .map(([value, text]) => everyString(value, text)),
    fc.tuple(body, hostileValue, fc.nat()).map(([value, hostile, pick]) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return hostile;
      const keys = Object.keys(value);
      if (!keys.length) return { unknownField: hostile };
      return { ...value, [keys[pick % keys.length]!]: hostile };
    }),
    fc
      .tuple(
        body,
        fc.constantFrom("__proto__", "constructor", "prototype", "unknownField"),
        hostileValue,
      )
      .map(([value, key, hostile]) => {
        if (!value || typeof value !== "object" || Array.isArray(value)) return hostile;
        // Parsed from text, so "__proto__" is an own key that JSON.stringify sends on.
        const inner = JSON.stringify(value).slice(1, -1);
        const extra = `${JSON.stringify(key)}:${JSON.stringify(hostile) ?? "null"}`;
        return JSON.parse(`{${extra}${inner ? `,${inner}` : ""}}`) as unknown;
      }),
    hostileValue,
  );
}

function everyString(value: unknown, text: string): unknown {
  if (typeof value === "string") return text;
  if (Array.isArray(value)) return value.map((item) => everyString(item, text));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyString(v, text)]));
  }
  return value;
}

function operationsOf(document: Schema): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Schema>)) {
    if (!path.startsWith("/v1/") || path === "/v1/setup") continue;
    for (const [method, spec] of Object.entries(methods as Record<string, Schema>)) {
      list.push({
        method: method.toUpperCase(),
        path,
        body: spec.requestBody?.content?.["application/json"]?.schema,
        query: ((spec.parameters ?? []) as Schema[])
          .filter((p) => p.in === "query")
          .map((p) => p.name as string),
      });
    }
  }
  return list;
}

let owner: TestClient;
let document: Schema;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
  document = openApiDocument(config().baseUrl).document;
});

/** What a reader sees of the stored data: every GET the API offers that needs no id. */
async function snapshot() {
  const reads: Record<string, unknown> = {};
  for (const path of Object.keys(document.paths as Record<string, Schema>)) {
    if (!path.startsWith("/v1/") || path.includes("{") || !(document.paths as Schema)[path].get)
      continue;
    const response = await owner.get(path);
    expect(response.status, path).toBe(200);
    reads[path] = response.body;
  }
  return reads;
}

describe("fuzzing every operation of /openapi.json", () => {
  it("never answers 5xx, answers every 4xx as problem+json, and leaves stored data intact", async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const created = await owner.post("/v1/components", { name: "Sentinel" });
    expect(created.status).toBe(201);
    const before = await snapshot();
    const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
    const failures: string[] = [];

    for (const operation of operations) {
      // Writes go to ids that hold nothing, so stored data must survive them unchanged.
      const id = fc.oneof(fc.uuid({ version: 7 }), fc.constantFrom(...MALFORMED_IDS));
      const query = fc.dictionary(
        fc.constantFrom(...operation.query, "unknown", "__proto__"),
        fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_STRINGS.map((s) => s.slice(0, 2000)))),
        { maxKeys: 3 },
      );
      const body = operation.body
        ? broken(valid(operation.body, components))
        : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(id, query, body, async (pathId, params, payload) => {
          const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathId));
          const search = new URLSearchParams(params as Record<string, string>).toString();
          const url = `${path}${search ? `?${search}` : ""}`;
          const response = await owner.call(operation.method, url, {
            body: operation.method === "GET" || operation.method === "DELETE" ? undefined : payload,
          });
          const line = `${operation.method} ${url.slice(0, 120)} → ${response.status}`;
          if (response.status >= 500) failures.push(`${line}: ${response.text.slice(0, 200)}`);
          if (
            response.status >= 400 &&
            !response.headers.get("content-type")?.includes("application/problem+json")
          ) {
            failures.push(`${line}: not problem+json`);
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
    expect(failures).toEqual([]);
    // Every list still reads, and what was stored before (ids no request named) is unchanged.
    const after = await snapshot();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const list = after["/v1/components"] as { components: { id: string }[] };
    expect(list.components.find((c) => c.id === created.body.id)).toEqual(created.body);
  });
});

/** The visitor-facing endpoints (not in /openapi.json): the page, its feeds and JSON, the forms. */
const PUBLIC_READS = ["/", "/history", "/history.atom", "/history.rss"];
const PUBLIC_FILES = [
  "summary.json",
  "status.json",
  "components.json",
  "incidents.json",
  "incidents/unresolved.json",
  "scheduled-maintenances.json",
  "scheduled-maintenances/upcoming.json",
  "scheduled-maintenances/active.json",
];
const SUBSCRIPTION_PATHS = ["", "/confirm", "/manage", "/unsubscribe"].map(
  (tail) => `/public/subscriptions${tail}`,
);
// A lone surrogate cannot be percent-encoded as UTF-8; in a path it arrives as U+FFFD.
const encodeSegment = (text: string) => encodeURIComponent(text.toWellFormed());
const CLEAR_ANSWER = /^(application\/problem\+json|application\/json|text\/html)\b/;

describe("fuzzing the public endpoints", () => {
  it("never answers 5xx, answers every 4xx in its page's or API's format, and changes nothing shown", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom(...HOSTILE_STRINGS.map((s) => s.slice(0, 2000))),
    );
    const query = fc.dictionary(
      fc.constantFrom("token", "page", "month", "format", "unknown", "__proto__"),
      hostile,
      { maxKeys: 3 },
    );
    const fields = fc.record(
      {
        email: fc.oneof(fc.emailAddress(), hostile),
        componentIds: fc.oneof(fc.array(fc.oneof(fc.uuid(), hostile), { maxLength: 5 }), hostile),
        website: hostile,
        token: hostile,
        "List-Unsubscribe": fc.constantFrom("One-Click", "\u0000"),
      },
      { requiredKeys: [] },
    );
    // A form as a browser sends it, the same fields as JSON, or a value in the wrong shape.
    const body = fc.oneof(
      fields.map((value) => ({
        type: "application/x-www-form-urlencoded",
        text: new URLSearchParams(
          Object.entries(value).flatMap(([key, v]) =>
            (Array.isArray(v) ? v : [v]).map((item) => [key, String(item)]),
          ),
        ).toString(),
      })),
      fields.map((value) => ({ type: "application/json", text: JSON.stringify(value) })),
      hostileValue.map((value) => ({
        type: "application/json",
        text: JSON.stringify(value) ?? "null",
      })),
      hostile.map((text) => ({ type: "text/plain", text })),
    );
    // A path segment: Next.js routes an empty one elsewhere before any handler sees it.
    const segment = fc.oneof(fc.uuid(), hostile).filter((text) => text.length > 0);
    const path = fc.oneof(
      fc.constantFrom(...PUBLIC_READS).map((p) => ({ method: "GET", path: p })),
      fc
        .tuple(fc.constantFrom("/incidents/", "/maintenance/"), segment)
        .map(([base, id]) => ({ method: "GET", path: base + encodeSegment(id) })),
      fc
        .oneof(fc.constantFrom(...PUBLIC_FILES), segment.map(encodeSegment))
        .map((file) => ({ method: "GET", path: `/api/v2/${file}` })),
      fc
        .tuple(fc.constantFrom("GET", "POST"), fc.constantFrom(...SUBSCRIPTION_PATHS))
        .map(([method, p]) => ({ method, path: p })),
    );
    const posted = new Set<string>();

    await fc.assert(
      fc.asyncProperty(path, query, body, async (target, params, payload) => {
        const search = new URLSearchParams(params as Record<string, string>).toString();
        const url = `${target.path}${search ? `?${search}` : ""}`;
        if (target.method === "POST") {
          const email = /email=([^&]*)/.exec(payload.text)?.[1];
          if (email) posted.add(decodeURIComponent(email.replace(/\+/g, " ")));
          try {
            const parsed = JSON.parse(payload.text) as { email?: unknown };
            if (typeof parsed?.email === "string") posted.add(parsed.email);
          } catch {
            // not JSON
          }
        }
        // Each request from a visitor address of its own, so the per-visitor limits of the
        // forms do not end the walk early.
        const response = await new TestClient().call(target.method, url, {
          body: target.method === "POST" ? payload.text : undefined,
          headers: target.method === "POST" ? { "content-type": payload.type } : {},
        });
        const line = `${target.method} ${url.slice(0, 120)} → ${response.status}`;
        if (response.status >= 500) failures.push(`${line}: ${response.text.slice(0, 200)}`);
        if (response.status >= 400) {
          const type = response.headers.get("content-type") ?? "";
          if (!CLEAR_ANSWER.test(type) || !response.text) {
            failures.push(`${line}: answered ${type || "no content type"}`);
          }
        }
      }),
      { numRuns: RUNS * 20, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
    expect(failures).toEqual([]);
    // Visitors can only ask to subscribe: everything else reads back the same, and any new
    // subscriber is an address the walk sent.
    const after = await snapshot();
    const { "/v1/subscribers": subscribersAfter, ...restAfter } = after;
    const { "/v1/subscribers": subscribersBefore, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    const known = new Set((subscribersBefore as { email: string }[]).map((s) => s.email));
    for (const { email } of subscribersAfter as { email: string }[]) {
      if (!known.has(email))
        expect(posted.has(email) || posted.has(email.toLowerCase())).toBe(true);
    }
  });
});
