"use client";

/** A problem+json answer from the API, thrown by apiFetch. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
  /** The message for one form field, if the API named it. */
  forField(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

let signingOut = false;

/**
 * Signing out ends the session under queries still in flight: their 401s are expected then, and
 * must not send the page to "sign in to return here" instead of the plain sign-in page.
 */
export function markSigningOut() {
  signingOut = true;
}

/**
 * Calls the same /v1 API scripts use; answers the JSON body or throws an ApiError. A body is sent
 * as JSON, except a Blob (a chosen file), which goes as its bytes under the content type the
 * caller names in `headers`.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const json = init.body !== undefined && !(init.body instanceof Blob);
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers: {
      ...(json ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: json ? JSON.stringify(init.body) : (init.body as Blob | undefined),
    credentials: "same-origin",
    cache: "no-store",
  });
  if (
    response.status === 401 &&
    typeof window !== "undefined" &&
    !signingOut &&
    !path.startsWith("/v1/setup")
  ) {
    window.location.assign(`/sign-in?next=${encodeURIComponent(window.location.pathname)}`);
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as {
      code?: string;
      detail?: string;
      errors?: { field: string; message: string }[];
    };
    throw new ApiError(
      response.status,
      problem.code ?? "unknown",
      problem.detail ?? `The request failed (${response.status}).`,
      problem.errors,
    );
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
