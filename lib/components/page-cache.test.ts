import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { cachedPage } from "./page-cache";

describe("the component page cache", () => {
  it("keeps a page per workspace for one data version", async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await cachedPage("ws-1", "4", read)).toBe(1);
    expect(await cachedPage("ws-1", "4", read)).toBe(1);
    expect(await cachedPage("ws-1", "5", read)).toBe(2);
    expect(await cachedPage("ws-2", "5", async () => "other")).toBe("other");
    expect(await cachedPage("ws-1", "5", read)).toBe(2);
  });

  it("never lets a read for an older version replace a newer copy", async () => {
    let release!: () => void;
    const slowRead = new Promise<string>((resolve) => (release = () => resolve("version 1")));
    const reading = cachedPage("ws-3", "1", () => slowRead);
    expect(await cachedPage("ws-3", "2", async () => "version 2")).toBe("version 2");
    release();
    expect(await reading).toBe("version 1");
    expect(await cachedPage("ws-3", "2", async () => "read again")).toBe("version 2");
  });
});

describe("GET /v1/components", () => {
  let owner: TestClient;
  let workspaceId: string;
  beforeAll(async () => {
    ({ client: owner, workspaceId } = await setUpOwner());
  });

  // Another instance's write reaches this process only through the database: no signal in this
  // process's memory, just the committed rows and the data version moved in their transaction.
  it("shows a write committed elsewhere on the very next request", async () => {
    const created = await owner.post("/v1/components", { name: "API" });
    expect(created.status).toBe(201);
    expect((await owner.get("/v1/components")).body.components[0].name).toBe("API");

    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx
        .update(schema.component)
        .set({ name: "Renamed elsewhere" })
        .where(eq(schema.component.id, created.body.id));
      await tx
        .update(schema.workspaceDataVersion)
        .set({ version: sql`${schema.workspaceDataVersion.version} + 1` })
        .where(eq(schema.workspaceDataVersion.workspaceId, workspaceId));
    });
    expect((await owner.get("/v1/components")).body.components[0].name).toBe("Renamed elsewhere");
  });
});
