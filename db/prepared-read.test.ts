import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, preparedRead } from "./client";

describe("prepared reads", () => {
  it("answer typed rows in the select list's order", async () => {
    const read = preparedRead(
      "typed_row",
      async () => "select $1::text, 7::int4, '6f1c0a52-0f7e-4b4e-9d55-0d6f8f4b2a10'::uuid, null",
    );
    expect(await read(["hello"])).toEqual([
      ["hello", 7, "6f1c0a52-0f7e-4b4e-9d55-0d6f8f4b2a10", null],
    ]);
    expect(await read(["again"])).toEqual([
      ["again", 7, "6f1c0a52-0f7e-4b4e-9d55-0d6f8f4b2a10", null],
    ]);
  });

  it("never see another transaction's uncommitted writes", async () => {
    const db = await getDb();
    await db.execute(sql`create table prepared_read_probe (id int primary key, label text)`);
    await db.execute(sql`insert into prepared_read_probe values (1, 'committed')`);
    const read = preparedRead("probe_label", async () => {
      return "select label from prepared_read_probe where id = $1::int";
    });
    expect(await read(["1"])).toEqual([["committed"]]);

    let written!: () => void;
    const hasWritten = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.execute(sql`update prepared_read_probe set label = 'uncommitted' where id = 1`);
        written();
        await released;
        tx.rollback();
      })
      .catch(() => "rolled back");
    await hasWritten;
    const during = read(["1"]);
    // Give the read every chance to run inside the open transaction before it ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await transaction).toBe("rolled back");
    expect(await during).toEqual([["committed"]]);
  });

  it("recover when the first attempt fails", async () => {
    const read = preparedRead(
      "late_table",
      async () => "select n from late_table where n = $1::int",
    );
    await expect(read(["1"])).rejects.toThrow(/late_table/);
    const db = await getDb();
    await db.execute(sql`create table late_table (n int)`);
    await db.execute(sql`insert into late_table values (1)`);
    expect(await read(["1"])).toEqual([[1]]);
    expect(await read(["2"])).toEqual([]);
  });
});
