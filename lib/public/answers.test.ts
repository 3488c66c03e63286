import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { startDatabase, stopDatabase } from "@/lib/testing/database-outage";
import { LIST_LIMIT, loadPublicData } from "./load";

// Addresses of incidents and windows, answered from what is in memory: the database is stopped
// under the running code (as in outage.test.ts) to show which answers never read it.
const visitor = new TestClient();
let editor: TestClient;
let oldIncident: string;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function publish(title: string, startedAt: string) {
  const response = await editor.post("/v1/incidents", {
    title,
    impact: "minor",
    body: "Over.",
    status: "resolved",
    visibility: "published",
    startedAt,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

beforeAll(async () => {
  ({ client: editor } = await setUpOwner());
  oldIncident = await publish("Long ago", daysAgo(100));
  // Resolved long ago as well (the API resolves it now), so that none of the bars' days shows it.
  const db = await getDb();
  await db
    .update(schema.incident)
    .set({ resolvedAt: new Date(daysAgo(99)) })
    .where(eq(schema.incident.id, oldIncident));
  // Enough newer incidents that the old one is not among those the snapshot holds whole.
  for (let i = 0; i < LIST_LIMIT; i++) await publish(`Blip ${i}`, daysAgo(30));
  const window = await editor.post("/v1/maintenances", {
    title: "Disk swap",
    body: "Brief.",
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 90_000_000).toISOString(),
    componentIds: [],
  });
  expect(window.status, window.text).toBe(201);
});

afterAll(() => startDatabase({ reopen: true }));

describe("the page of an incident or a maintenance window", () => {
  it("is read on demand for an older published incident the snapshot does not hold whole", async () => {
    const data = (await loadPublicData())!;
    expect(data.incidents.map((incident) => incident.id)).not.toContain(oldIncident);
    const response = await visitor.get(`/incidents/${oldIncident}`);
    expect(response.status).toBe(200);
    expect(response.text).toContain("<h1>Long ago</h1>");
    const upperCase = await visitor.get(`/incidents/${oldIncident.toUpperCase()}`);
    expect(upperCase.text).toBe(response.text);
  });

  it("is 404 for an unknown id without reading the database or forgetting the pages it keeps", async () => {
    // Two pages read on demand, and so kept in memory.
    expect((await visitor.get("/history?page=2")).text).toContain("Long ago");
    expect((await visitor.get(`/incidents/${oldIncident}`)).status).toBe(200);

    await stopDatabase();
    try {
      // More unknown ids than the kept pages have room for.
      for (let i = 0; i < 600; i++) {
        const path = `/${i % 2 ? "incidents" : "maintenance"}/${randomUUID()}`;
        const response = await visitor.get(path);
        expect(response.status, path).toBe(404);
        expect(response.text).toContain("Not found");
      }
      // The kept pages are still there: no unknown id pushed them out.
      const history = await visitor.get("/history?page=2");
      expect(history.status).toBe(200);
      expect(history.text).toContain("Long ago");
      const old = await visitor.get(`/incidents/${oldIncident}`);
      expect(old.status).toBe(200);
      expect(old.text).toContain("<h1>Long ago</h1>");
    } finally {
      await startDatabase({ reopen: true });
    }
  });
});
