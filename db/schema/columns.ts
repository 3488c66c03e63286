import { timestamp, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "uuidv7";

/** Primary key: UUID v7, generated in the application so ids sort by creation time. */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** Millisecond-precision UTC timestamps, as the API reports them. */
export const at = () => timestamp({ withTimezone: true, precision: 3, mode: "date" });

export const createdAt = () => at().notNull().defaultNow();
