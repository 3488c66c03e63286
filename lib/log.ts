import { databaseOutageBegins, isDatabaseUnreachable } from "./database-outage";

// Fields of database errors that hold the values a statement was run with (password hashes,
// encrypted secrets, email addresses) or echo them; logs keep the statement, never the values.
const VALUE_FIELDS = new Set(["params", "parameters", "args", "detail", "where", "queryOptions"]);

function describe(error: unknown, depth: number): string {
  if (typeof error !== "object" || error === null) return String(error);
  const record = error as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const name = typeof record.name === "string" ? record.name : "Error";
  // Drizzle writes the parameters into the message, after the statement.
  const message = String(record.message ?? "").split("\nparams:")[0];
  const lines = [`${name}: ${message}`];
  const fields = Object.entries(record)
    .filter(
      ([key, value]) =>
        !VALUE_FIELDS.has(key) &&
        !["name", "message", "query", "cause", "stack", "length"].includes(key) &&
        (typeof value === "string" || typeof value === "number"),
    )
    .map(([key, value]) => `${key}=${value}`);
  if (fields.length) lines.push(`  ${fields.join(" ")}`);
  if (depth === 0 && typeof record.stack === "string") {
    lines.push(
      ...record.stack
        .split("\n")
        .filter((line) => /^\s+at /.test(line))
        .slice(0, 8),
    );
  }
  if (record.cause !== undefined && depth < 5) {
    lines.push(`Caused by ${describe(record.cause, depth + 1)}`);
  }
  return lines.join("\n");
}

/**
 * Logs an error of ours with its cause chain and stack, and without any bound values. A database
 * out of reach is logged once per outage, by whatever meets it first, not by every request and
 * background pass that meets it again.
 */
export function logError(context: string, error: unknown): void {
  if (isDatabaseUnreachable(error)) {
    if (databaseOutageBegins()) {
      console.error(
        `The database is unreachable; said once until it is back. First met here: ${context}\n${describe(error, 0)}`,
      );
    }
    return;
  }
  console.error(`${context}\n${describe(error, 0)}`);
}
