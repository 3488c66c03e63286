import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { Program, sleep } from "@/lib/testing/processes";

const instances: Program[] = [];

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()));
});

async function commits(): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select xact_commit::int as n from pg_stat_database where datname = current_database()`,
    ),
  );
  return row!.n;
}

/**
 * The server's own maintenance commits in the database too: autovacuum analyses fresh tables when
 * its turn comes, which on a server busy creating databases may fall in the measured window. Only
 * our processes' transactions are being measured, so the tables are left out of it.
 */
async function withoutAutovacuum(): Promise<void> {
  const db = await getDb();
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  );
  for (const { name } of tables) {
    await db.execute(
      sql`alter table ${sql.identifier(name)} set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`,
    );
  }
}

describe("an idle deployment", () => {
  it("costs the database about a transaction a second per process, not one per poll", async () => {
    await withoutAutovacuum();
    const background = new Program("lib/testing/runner-process.ts");
    const checker = new Program("lib/cli/checker.ts", { REGION: "local" });
    instances.push(background, checker);
    await Promise.all([
      background.printed("Running background work."),
      checker.printed("Checking monitors"),
    ]);
    // A process reports its counts at most once a second while busy and within ten seconds of
    // going idle, so the window starts late and runs long.
    await sleep(11_000);
    // Three windows, judged by the quietest: work from outside our processes (the server's
    // maintenance, counts another connection reports late) only ever adds commits, and may
    // span two windows on a busy server, while polling too often shows in every one.
    const seconds = 10;
    const rates: number[] = [];
    let before = await commits();
    for (let window = 0; window < 3; window++) {
      await sleep(seconds * 1000);
      const after = await commits();
      rates.push((after - before) / seconds);
      before = after;
    }
    console.log(
      `Two idle processes: ${rates.map((rate) => rate.toFixed(1)).join(", ")} transactions a second.`,
    );
    expect(Math.min(...rates)).toBeLessThan(4);
  }, 60_000);
});
