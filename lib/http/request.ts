import type { z } from "zod";
import { config } from "@/lib/config";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { AppError, ForbiddenError, ValidationError, type FieldError } from "@/lib/errors";
import { problemResponse } from "./problem";
import { textProblems } from "./text-rule";
import "./zod-messages";

export const BODY_LIMIT_BYTES = 64 * 1024;
export const ORIGIN_VERIFY_HEADER = "x-origin-verify";

// `/health` is for load balancers; `/api/inngest` is called by Inngest itself, not through the
// front layer, and checks every call's signature instead.
const UNGATED = new Set(["/health", "/health/ready", "/api/inngest"]);

/** Whether a request for `pathname` carrying `given` as the front layer's header may be served. */
export function passedFrontGate(pathname: string, given: string | null | undefined): boolean {
  const secret = config().originVerifySecret;
  if (!secret || UNGATED.has(pathname)) return true;
  return typeof given === "string" && constantTimeEqual(given, secret);
}

/**
 * With ORIGIN_VERIFY_SECRET set, only requests that came through the front layer (which adds the
 * header) are served, but for UNGATED paths. Returns the refusal, or null.
 */
export function frontGate(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  if (passedFrontGate(pathname, request.headers.get(ORIGIN_VERIFY_HEADER))) return null;
  return problemResponse(
    403,
    "not_through_cdn",
    "Forbidden",
    "This address only answers requests that come through the front layer.",
  );
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browsers send Origin on every write, so a write whose Origin is not the dashboard's own is a
 * cross-site request and is refused. Sign-in requires the header; `/v1` scripts may omit it.
 */
export function assertSameOrigin(request: Request, { required = false } = {}): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (required ? origin !== config().baseUrl : origin && origin !== config().baseUrl) {
    throw new ForbiddenError(
      `Origin ${origin ?? "(none)"} may not make this request; send Origin: ${config().baseUrl}.`,
      "invalid_origin",
    );
  }
}

export function fieldErrors(error: z.ZodError, prefix: string[] = []): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: [...path, key].join("."),
        message: "Unknown field.",
      }));
    }
    return [{ field: path.join(".") || "body", message: issue.message }];
  });
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: string[] = [],
): z.output<S> {
  const refused = textProblems(value, prefix);
  if (refused.length) throw new ValidationError(refused);
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error, prefix));
  return result.data;
}

/** The body's bytes, refused with 413 past `limit` (whatever Content-Length claims). */
export async function readLimitedBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  const tooLarge = new AppError(
    413,
    "payload_too_large",
    "Payload too large",
    `Request bodies are limited to ${limit / 1024} KiB here.`,
  );
  if (declared > limit) throw tooLarge;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, refused with 413 past BODY_LIMIT_BYTES (whatever Content-Length claims). */
export async function readLimitedText(request: Request, limit = BODY_LIMIT_BYTES): Promise<string> {
  return (await readLimitedBytes(request, limit)).toString("utf8");
}

/** Whether a Content-Type names JSON (`application/json` or any `+json` type). */
export function isJson(contentType: string | null): boolean {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence.endsWith("+json");
}

const FORM = "application/x-www-form-urlencoded";
/** Names a form may not use: they would reach an object's prototype. */
const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * A form body in the bracket notation Statuspage's examples use (`component[name]=API`,
 * `incident[component_ids][]=…`) as the object a JSON body would be. Every value is a string.
 */
export function nestedForm(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match
      ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
      : null;
    if (!path || path.length > 4 || path.some((part) => UNSAFE_KEYS.has(part))) {
      throw ValidationError.field(key, "Not a form field this API reads.");
    }
    let node: Record<string, unknown> = root;
    for (let i = 0; i < path.length; i += 1) {
      const part = path[i]!;
      const next = path[i + 1];
      if (next === "") {
        // `name[]`: one more element of a list, and the last part of the name.
        if (i + 2 !== path.length) throw ValidationError.field(key, "A list holds text only.");
        const list = Object.hasOwn(node, part) ? node[part] : [];
        if (!Array.isArray(list)) throw ValidationError.field(key, "Given both as list and text.");
        list.push(value);
        node[part] = list;
        break;
      }
      if (next === undefined) {
        if (part === "" || Object.hasOwn(node, part))
          throw ValidationError.field(key, "Given twice.");
        node[part] = value;
        break;
      }
      const child = Object.hasOwn(node, part) ? node[part] : {};
      if (typeof child !== "object" || Array.isArray(child)) {
        throw ValidationError.field(key, "Given both as text and as fields.");
      }
      node[part] = child;
      node = child as Record<string, unknown>;
    }
  }
  return root;
}

/**
 * The body of a request: JSON, or in Statuspage's dialect also a form in bracket notation. 413
 * past the limit, 415 for another media type, 400 when malformed.
 */
export async function readBody(
  request: Request,
  dialect?: "statuspage",
  limit = BODY_LIMIT_BYTES,
): Promise<unknown> {
  const essence = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (dialect === "statuspage" && essence === FORM) {
    return nestedForm(new URLSearchParams(await readLimitedText(request, limit)));
  }
  return readJsonBody(request, limit);
}

/** The JSON body of a request: 413 past the limit, 415 for another media type, 400 when malformed. */
export async function readJsonBody(request: Request, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJson(contentType)) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Unsupported media type",
      `Send the body as JSON with Content-Type: application/json, not ${contentType}.`,
    );
  }
  const text = await readLimitedText(request, limit);
  if (text.trim() === "") {
    throw ValidationError.field("body", "A JSON body is required.");
  }
  if (contentType === null) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Unsupported media type",
      "Send the body as JSON with Content-Type: application/json.",
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ValidationError(
      [{ field: "body", message: "Malformed JSON." }],
      `The body is not valid JSON: ${(error as Error).message}`,
    );
  }
}
