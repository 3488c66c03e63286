import { and, eq, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "@/lib/errors";

export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
};

/** An opaque cursor for lists ordered by (time desc, id desc). */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string, field = "cursor"): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw ValidationError.field(field, "Not a cursor from this list; send it back as given.");
  }
  return { at: date, id };
}

/** Takes one row more than the page to know whether another page follows. */
export function page<T>(rows: T[], limit: number, cursorOf: (row: T) => string) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? cursorOf(items[items.length - 1]!) : null };
}

/**
 * The rows after a cursor in a list ordered by (time desc, id desc); every row when there is
 * none. Ties on the time are broken by the id, so no row is skipped or repeated across pages.
 */
export function afterCursor(at: AnyColumn, id: AnyColumn, cursor?: string): SQL {
  if (!cursor) return sql`true`;
  const after = decodeCursor(cursor);
  return or(lt(at, after.at), and(eq(at, after.at), lt(id, after.id)))!;
}
