import type { z } from "zod";
import { requestCaller } from "@/lib/auth/caller";
import type { Actor } from "@/lib/contract/actor";
import { AppError, ForbiddenError, UnauthenticatedError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/contract/roles";
import { METHODS, type Method, type Operation } from "@/lib/contract/operation";
import { errorResponse, problemResponse } from "@/lib/http/problem";
import { noteDatabaseAnswered } from "@/lib/database-outage";
import { observeRequest } from "@/lib/metrics/registry";
import { frontGate, parseWith, readBody } from "@/lib/http/request";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerArgs<O extends Operation> = {
  ctx: O["access"] extends "public" ? null : Actor;
  params: Out<O["params"]>;
  query: Out<O["query"]>;
  body: Out<O["body"]>;
  request: Request;
  /** Headers to add to the answer (cookies from signing in, for instance). */
  responseHeaders: Headers;
};

type Result<O extends Operation> = O["response"] extends z.ZodType ? z.input<O["response"]> : void;

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

function json(status: number, body: unknown, headers: Headers): Response {
  headers.set("cache-control", "no-store");
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}

function withoutKeys(value: unknown, keys: readonly string[] | undefined): unknown {
  if (!keys?.length || typeof value !== "object" || value === null || Array.isArray(value))
    return value;
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * The wrapper every `/v1` handler goes through, in the order of checks of docs/design.md §3: front gate, rate
 * limit, origin (for cookies), session or API token, role, path, query and body validation; then the verb, whose typed errors become
 * problem+json. `location` names the created resource's URL for 201 answers.
 */
export function handle<O extends Operation>(
  operation: O,
  fn: (args: HandlerArgs<O>) => Promise<Result<O> | Response>,
  options: { location?: (result: Result<O>) => string } = {},
): RouteHandler {
  const answer: RouteHandler = async (request, context) => {
    const refused = frontGate(request);
    if (refused) return refused;
    try {
      const caller = await requestCaller(request, operation.access !== "public");
      const actor: Actor | null = operation.access === "public" ? null : caller;
      if (operation.access !== "public") {
        if (!actor) throw new UnauthenticatedError();
        if (!roleAtLeast(actor.role, operation.access)) {
          throw new ForbiddenError(
            `This needs the ${operation.access} role; you are ${actor.role}.`,
          );
        }
        if (operation.sessionOnly && actor.tokenId) {
          throw new ForbiddenError("API tokens cannot do this; sign in as a member.");
        }
      }
      const params = operation.params
        ? parseWith(operation.params, await context.params)
        : undefined;
      const query = operation.query
        ? parseWith(operation.query, Object.fromEntries(new URL(request.url).searchParams))
        : undefined;
      const body = operation.body
        ? parseWith(
            operation.body,
            withoutKeys(
              await readBody(request, operation.dialect, operation.bodyLimit),
              operation.readOnly,
            ),
          )
        : undefined;
      const responseHeaders = new Headers();
      const result = await fn({
        ctx: actor,
        params,
        query,
        body,
        request,
        responseHeaders,
      } as HandlerArgs<O>);
      noteDatabaseAnswered();
      // A representation other than JSON (a CSV download) is built by the handler itself.
      if (result instanceof Response) return result;
      if (options.location) responseHeaders.set("location", options.location(result));
      return json(operation.status, result, responseHeaders);
    } catch (error) {
      return errorResponse(error, operation.dialect);
    }
  };
  return async (request, context) => {
    const started = performance.now();
    const response = await answer(request, context);
    observeRequest(
      operation.method,
      operation.path,
      response.status,
      (performance.now() - started) / 1000,
    );
    return response;
  };
}

function methodNotAllowed(allowed: Method[]): RouteHandler {
  return async (request) =>
    frontGate(request) ??
    problemResponse(
      405,
      "method_not_allowed",
      "Method not allowed",
      `${request.method} is not supported here; use ${allowed.join(" or ")}.`,
      {},
      { allow: allowed.join(", ") },
    );
}

/**
 * OPTIONS, answered here rather than by Next.js's automatic answer, which would skip the front
 * gate and tell a caller that bypassed the front layer what the route serves.
 */
export function optionsFor(allowed: readonly string[]): RouteHandler {
  return async (request) =>
    frontGate(request) ??
    new Response(null, { status: 204, headers: { allow: [...allowed, "OPTIONS"].join(", ") } });
}

/**
 * Every method for a route file: the ones given, OPTIONS, and a problem+json 405 for the rest.
 */
export function route(
  handlers: Partial<Record<Method, RouteHandler>>,
): Record<Method | "OPTIONS", RouteHandler> {
  const allowed = METHODS.filter((method) => handlers[method]);
  const fallback = methodNotAllowed(allowed);
  return {
    ...(Object.fromEntries(
      METHODS.map((method) => [method, handlers[method] ?? fallback]),
    ) as Record<Method, RouteHandler>),
    OPTIONS: optionsFor(allowed),
  };
}

/**
 * The answer for a `/v1/pages/{page_id}/…` path that names no operation: Statuspage's manage
 * endpoints Allclear does not serve (docs/api.md has the table), 404 in Statuspage's dialect.
 */
export const unknownStatuspagePath: RouteHandler = async (request) =>
  frontGate(request) ??
  errorResponse(
    new AppError(
      404,
      "not_found",
      "Not found",
      `${new URL(request.url).pathname} is not one of Statuspage's endpoints served here; docs/api.md lists those that are.`,
    ),
    "statuspage",
  );

/** The answer for a `/v1` path that names no operation. */
export const unknownPath: RouteHandler = async (request) =>
  frontGate(request) ??
  problemResponse(
    404,
    "not_found",
    "Not found",
    `There is no ${new URL(request.url).pathname} in this API.`,
  );
