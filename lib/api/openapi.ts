import { z } from "zod";
import { sessionCookieName } from "@/lib/auth/auth";
import { STATUSPAGE_FILES } from "@/lib/public/statuspage";
import { ROLES } from "@/lib/contract/roles";
import { strongEtag } from "@/lib/http/etag";
import type { Operation } from "@/lib/contract/operation";
import { operations } from "@/lib/api/registry";

type JsonSchema = Record<string, unknown>;

const PROBLEM_SCHEMA: JsonSchema = {
  type: "object",
  description: "RFC 9457 problem details.",
  required: ["type", "status", "code", "title", "detail"],
  properties: {
    type: { type: "string", const: "about:blank" },
    status: { type: "integer" },
    code: { type: "string", description: "Stable code to branch on." },
    title: { type: "string" },
    detail: { type: "string" },
    errors: {
      type: "array",
      description: "For validation_failed: one entry per field, as a dotted path.",
      items: {
        type: "object",
        required: ["field", "message"],
        properties: { field: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  400: "Validation failed (validation_failed)",
  401: "Not signed in (unauthenticated)",
  403: "Role too low (forbidden) or not through the front layer (not_through_cdn)",
  404: "Not found (not_found)",
  409: "Conflict with the current state",
  413: "Body over 64 KiB (payload_too_large)",
  415: "Body is not JSON (unsupported_media_type)",
  422: "Content refused by a rule",
  429: "Rate limited (rate_limited), with Retry-After",
  500: "Unexpected error (internal_error)",
};

class SchemaCollector {
  readonly components: Record<string, JsonSchema> = { Problem: PROBLEM_SCHEMA };

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      // Answers carry Date objects, which JSON turns into ISO 8601 strings with milliseconds.
      override: (context) => {
        if (context.zodSchema._zod.def.type === "date") {
          context.jsonSchema.type = "string";
          context.jsonSchema.format = "date-time";
        }
      },
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $defs = {}, $schema: _ignored, ...root } = converted;
    // A named shape whose input form differs from its output form (defaults, transforms) is
    // registered a second time under a suffixed name.
    const renames = new Map<string, string>();
    for (const [id, definition] of Object.entries($defs)) {
      const existing = this.components[id];
      const same =
        !existing ||
        JSON.stringify(existing) === JSON.stringify(this.rewrite(definition, new Map()));
      renames.set(id, same ? id : `${id}${io === "input" ? "Input" : "Output"}`);
    }
    for (const [id, definition] of Object.entries($defs)) {
      this.components[renames.get(id)!] = this.rewrite(definition, renames);
    }
    return this.rewrite(root, renames);
  }

  private rewrite(schema: JsonSchema, renames: Map<string, string>): JsonSchema {
    const text = JSON.stringify(schema).replace(
      /"#\/\$defs\/([^"]+)"/g,
      (_, id: string) => `"#/components/schemas/${renames.get(id) ?? id}"`,
    );
    return JSON.parse(text) as JsonSchema;
  }
}

function problemResponse(status: number, codes: string[] = []): JsonSchema {
  return {
    description: codes.length
      ? `${STATUS_TEXT[status] ?? "Error"}: ${codes.join(", ")}`
      : STATUS_TEXT[status],
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}

function parameters(operation: Operation, collector: SchemaCollector): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, schema] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      const fieldSchema = field as z.ZodType;
      list.push({
        name,
        in: location,
        required: location === "path" || !fieldSchema.safeParse(undefined).success,
        schema: collector.convert(fieldSchema, "input"),
      });
    }
  }
  return list;
}

function describeOperation(operation: Operation, collector: SchemaCollector): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  responses[String(operation.status)] = operation.response
    ? {
        description: STATUS_TEXT[operation.status],
        content: {
          "application/json": { schema: collector.convert(operation.response, "output") },
          ...Object.fromEntries(
            (operation.alsoAs ?? []).map((type) => [type, { schema: { type: "string" } }]),
          ),
        },
      }
    : { description: STATUS_TEXT[operation.status] };
  const extra = new Map<number, string[]>();
  for (const { status, code } of operation.problems ?? []) {
    extra.set(status, [...(extra.get(status) ?? []), code]);
  }
  const statuses = new Set<number>([403, 429, 500, ...extra.keys()]);
  if (operation.access !== "public") statuses.add(401);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.params) statuses.add(404);
  if (operation.body) statuses.add(413).add(415);
  for (const status of [...statuses].sort())
    responses[String(status)] = problemResponse(status, extra.get(status));

  const role =
    operation.access === "public"
      ? "No session needed."
      : `Needs the ${operation.access} role or higher.` +
        (operation.sessionOnly ? " Refused to API tokens, whatever their role: sign in." : "");
  return {
    operationId: operation.id,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, role].filter(Boolean).join("\n\n"),
    // Either credential; a public operation also answers without one.
    security: [...(operation.access === "public" ? [{}] : []), { session: [] }, { bearer: [] }],
    "x-required-role": operation.access,
    parameters: parameters(operation, collector),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: collector.convert(operation.body, "input") } },
          },
        }
      : operation.upload
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                operation.upload.map((type) => [
                  type,
                  { schema: { type: "string", format: "binary" } },
                ]),
              ),
            },
          }
        : {}),
    responses,
  };
}

const PUBLIC_FILES: Record<string, string> = {
  "summary.json":
    "Everything at once: components, unresolved incidents, current maintenance, status",
  "status.json": "The overall status indicator and its description",
  "components.json": "Every component, groups included, in page order",
  "incidents.json": "The 50 most recent published incidents",
  "incidents/unresolved.json": "Published incidents that are not resolved",
  "scheduled-maintenances.json": "The 50 most recent maintenance windows (cancelled ones left out)",
  "scheduled-maintenances/upcoming.json": "Maintenance windows yet to start",
  "scheduled-maintenances/active.json": "Maintenance windows in progress",
};

const PUBLIC_RESPONSE_HEADERS = {
  ETag: { schema: { type: "string" }, description: "Send it back in If-None-Match to get a 304." },
  "Cache-Control": { schema: { type: "string" } },
  "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } },
};

/** The public, Statuspage-compatible files and the incident feeds: no session, any origin. */
function publicPaths(collector: SchemaCollector): Record<string, Record<string, JsonSchema>> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [file, schema] of Object.entries(STATUSPAGE_FILES)) {
    paths[`/api/v2/${file}`] = {
      get: {
        operationId: `statuspage_${file.replace(/\.json$/, "").replace(/[/-]/g, "_")}`,
        tags: ["Public"],
        summary: PUBLIC_FILES[file],
        description:
          "Statuspage's public API shape, exactly, so tools written for Statuspage work unchanged. Served from memory; answers HEAD and If-None-Match.",
        security: [],
        responses: {
          "200": {
            description: "OK",
            headers: PUBLIC_RESPONSE_HEADERS,
            content: { "application/json": { schema: collector.convert(schema, "output") } },
          },
          "304": { description: "Not modified since the ETag sent" },
        },
      },
    };
  }
  for (const [path, type] of [
    ["/history.rss", "application/rss+xml"],
    ["/history.atom", "application/atom+xml"],
  ] as const) {
    paths[path] = {
      get: {
        operationId: `feed_${path.slice(9)}`,
        tags: ["Public"],
        summary: "The 50 newest published incidents, each with all its updates",
        security: [],
        responses: {
          "200": {
            description: "OK",
            headers: PUBLIC_RESPONSE_HEADERS,
            content: { [type]: { schema: { type: "string" } } },
          },
          "304": { description: "Not modified since the ETag sent" },
        },
      },
    };
  }
  return paths;
}

/** The OpenAPI 3.1 description of every `/v1` operation, built from the same zod schemas. */
function buildOpenApi(baseUrl: string): JsonSchema {
  const collector = new SchemaCollector();
  const paths: Record<string, Record<string, JsonSchema>> = {
    "/health": {
      get: {
        operationId: "health",
        tags: ["Workspace"],
        summary: "Liveness; answers without touching the database",
        security: [],
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["status"],
                  properties: { status: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  };
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = describeOperation(
      operation,
      collector,
    );
  }
  Object.assign(paths, publicPaths(collector));
  return {
    openapi: "3.1.0",
    info: {
      title: "Allclear API",
      version: "1.0.0",
      description:
        "The API the Allclear dashboard is built on. Scripts send an API token (Settings → API tokens) as `Authorization: Bearer ac_…`; the dashboard signs in with POST /auth/sign-in/email (with an Origin header equal to the dashboard's address) and sends the session cookie. Roles: " +
        ROLES.join(" < ") +
        ". Errors are RFC 9457 problem+json with a stable `code`.",
    },
    servers: [{ url: baseUrl }],
    security: [{ session: [] }, { bearer: [] }],
    tags: [...new Set([...operations.map((operation) => operation.tag), "Public"])].map((name) => ({
      name,
    })),
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: sessionCookieName() },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "ac_…",
          description:
            "An API token's secret; the request acts with the token's role. No Origin rule applies.",
        },
      },
      schemas: collector.components,
    },
  };
}

type Served = { document: JsonSchema; json: string; etag: string };
const served = new Map<string, Served>();

/** The document for a base address, built once per process: it changes only with a new build. */
export function openApiDocument(baseUrl: string): Served {
  let entry = served.get(baseUrl);
  if (!entry) {
    const document = buildOpenApi(baseUrl);
    const json = JSON.stringify(document);
    entry = { document, json, etag: strongEtag(json) };
    served.set(baseUrl, entry);
  }
  return entry;
}
