import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "./columns";

/**
 * Counters of attempts in fixed windows, shared by every instance: sign-in failures per account,
 * address and device, mail asked for per mailbox and visitor. Keys say what they count and hold
 * only hashes of what a person typed.
 */
export const throttle = pgTable(
  "throttle",
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowEndsAt: at().notNull(),
  },
  (t) => [index("throttle_window_ends_at_idx").on(t.windowEndsAt)],
);
