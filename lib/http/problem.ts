import { AppError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { isDatabaseUnreachable, OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";

export const PROBLEM_TYPE = "application/problem+json";

export type Problem = {
  type: "about:blank";
  status: number;
  code: string;
  title: string;
  detail: string;
  [extra: string]: unknown;
};

export function problemResponse(
  status: number,
  code: string,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  const body: Problem = { type: "about:blank", status, code, title, detail, ...extra };
  const responseHeaders = new Headers(headers);
  responseHeaders.set("content-type", PROBLEM_TYPE);
  responseHeaders.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: responseHeaders });
}

/**
 * The one place errors become HTTP answers. A database out of reach is 503 with Retry-After (the
 * client may try again); anything else that is not an AppError is our fault: 500.
 */
export function errorResponse(error: unknown, dialect?: "statuspage"): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if ("retryAfterSeconds" in error) headers["retry-after"] = String(error.retryAfterSeconds);
    // Statuspage answers what it cannot process with 422 and the words in `error` / `message`.
    const statuspage = dialect === "statuspage";
    return problemResponse(
      statuspage && error.status === 400 ? 422 : error.status,
      error.code,
      error.title,
      error.message,
      statuspage ? { ...error.extra, error: error.message, message: error.message } : error.extra,
      headers,
    );
  }
  if (isDatabaseUnreachable(error)) {
    logError("A request could not reach the database:", error);
    return problemResponse(
      503,
      "service_unavailable",
      "Service unavailable",
      `The database cannot be reached just now. Try again in ${OUTAGE_RETRY_AFTER_SECONDS} s.`,
      {},
      { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) },
    );
  }
  logError("Unexpected error while handling a request:", error);
  return problemResponse(
    500,
    "internal_error",
    "Internal server error",
    "Something went wrong on our side. The error has been logged.",
  );
}
