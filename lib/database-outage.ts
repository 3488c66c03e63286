// Socket errors, postgres.js's own connection codes, and PostgreSQL's "connection exception"
// (08…) and "operator intervention" shutdown (57P0…) states.
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
const UNREACHABLE_STATE = /^(08|57P0)/;

/** Whether an error (or one it was caused by) says the database could not be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, errors, cause } = current as {
      code?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (UNREACHABLE.has(code) || UNREACHABLE_STATE.test(code))) {
      return true;
    }
    // A connection to "localhost" tries each address, failing with an AggregateError of them.
    if (Array.isArray(errors) && errors.some(isDatabaseUnreachable)) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

// On globalThis: Next.js evaluates this module once per bundle (routes, instrumentation), and
// the process has one database and one outage.
const store = globalThis as typeof globalThis & { __allclearOutageSince?: number | null };

/** True for the first report of an outage, so it is logged once however often it is met. */
export function databaseOutageBegins(): boolean {
  if (store.__allclearOutageSince != null) return false;
  store.__allclearOutageSince = Date.now();
  return true;
}

/** Work that reached the database ends an outage, logged once with its length. */
export function noteDatabaseAnswered(): void {
  const since = store.__allclearOutageSince;
  if (since == null) return;
  store.__allclearOutageSince = null;
  console.info(
    `The database is reachable again after ${((Date.now() - since) / 1000).toFixed(1)} s.`,
  );
}
