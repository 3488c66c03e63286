import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { EXPIRY_MS } from "@/lib/public/cache";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { dataGeneration, listenForChanges, onDataChanged } from "./changes";

const postgresUrl = process.env.DATABASE_URL;
let owner: TestClient;
let workspaceId: string;
const visitor = new TestClient();

beforeAll(async () => {
  ({ client: owner, workspaceId } = await setUpOwner());
  await listenForChanges();
});

const names = async () =>
  ((await visitor.get("/api/v2/components.json")).body.components as { name: string }[]).map(
    (c) => c.name,
  );

/**
 * A component written straight into the database, as another instance's process would (onto
 * the first page, as creating one does).
 */
async function writeElsewhere(name: string) {
  const db = await getDb();
  await db.execute(sql`with created as (
      insert into component (id, workspace_id, name, position)
      values (gen_random_uuid(), ${workspaceId}, ${name},
        (select count(*) from component where workspace_id = ${workspaceId}))
      returning id)
    update status_page set component_ids = array_append(component_ids, (select id from created))
    where workspace_id = ${workspaceId} and is_default`);
  if (postgresUrl) {
    // The other instance's commit notifies every instance listening.
    const { default: postgres } = await import("postgres");
    const other = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    await other`select pg_notify('allclear_data_changed', ${`another-instance ${workspaceId}`})`;
    await other.end();
  }
}

describe("the data-changed signal", () => {
  it("moves on with every write made here, and tells the listeners which workspace changed", async () => {
    const seen: string[] = [];
    const stop = onDataChanged((id) => seen.push(id));
    const before = dataGeneration(workspaceId);
    const all = dataGeneration();
    expect((await owner.post("/v1/components", { name: "Here" })).status).toBe(201);
    stop();
    expect(dataGeneration(workspaceId)).toBe(before + 1);
    expect(dataGeneration()).toBe(all + 1);
    expect(seen).toEqual([workspaceId]);
    expect(await names()).toContain("Here");
  });

  it(
    postgresUrl
      ? "hears another instance's write at once through NOTIFY"
      : "sees a write that bypassed it within the expiry",
    async () => {
      expect(await names()).not.toContain("Elsewhere");
      const written = Date.now();
      await writeElsewhere("Elsewhere");
      await expect.poll(names, { timeout: EXPIRY_MS * 3, interval: 20 }).toContain("Elsewhere");
      const took = Date.now() - written;
      expect(took).toBeLessThan(postgresUrl ? 500 : EXPIRY_MS + 500);
    },
  );
});
