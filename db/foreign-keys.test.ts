import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "./client";

describe("the schema", () => {
  it("indexes every foreign key by a key that leads with it, so deleting what it points to reads by index", async () => {
    const db = await getDb();
    // Deleting a row makes PostgreSQL find the rows that point to it (to delete them or set them
    // null) by the referencing column alone: without an index leading with it, that is a scan of
    // the whole table for every row deleted.
    const found = rowsOf<Unindexed>(
      await db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and not exists (
        select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1, 2`),
    );
    expect(found.map((row) => `${row.table}.${row.column}`)).toEqual([]);
  });
});

type Unindexed = { table: string; column: string };
