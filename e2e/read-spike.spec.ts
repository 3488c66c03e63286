import { Agent, get } from "node:http";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

// Visitors arrive all at once when something breaks, which is when the team posts. This holds
// the public page and its JSON under a crowd of readers (bounded, on loopback) while the owner
// declares an incident in the dashboard: a guard against the write queueing behind the reads,
// with generous bounds (the benchmark, `npm run bench -- public`, measures the real figures).
const READERS = 80;

type Reads = { answered: number; failed: string[] };

/** `READERS` keep-alive connections reading `paths` back to back until `stop` is called. */
function crowd(base: string, paths: string[]): { stop: () => Promise<Reads> } {
  const agent = new Agent({ keepAlive: true, maxSockets: READERS });
  const reads: Reads = { answered: 0, failed: [] };
  let running = true;
  const readOnce = (path: string) =>
    new Promise<void>((resolve) => {
      get(`${base}${path}`, { agent }, (response) => {
        if (response.statusCode !== 200) reads.failed.push(`${path}: ${response.statusCode}`);
        response.resume();
        response.on("end", () => {
          reads.answered += 1;
          resolve();
        });
      }).on("error", (error) => {
        reads.failed.push(`${path}: ${error.message}`);
        resolve();
      });
    });
  const loops = Array.from({ length: READERS }, async (_, n) => {
    while (running) await readOnce(paths[n % paths.length]!);
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return reads;
    },
  };
}

test("an incident declared while a crowd reads the public page answers at once and shows within seconds", async ({
  page,
  baseURL,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const readers = crowd(baseURL!, ["/", "/api/v2/summary.json"]);
  let incidentId = "";
  try {
    // The crowd is reading before the incident is declared.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const title = `Declared under load ${Date.now()}`;
    const sent = Date.now();
    const declared = await page.request.post("/v1/incidents", {
      data: { title, impact: "major", body: "Looking into it.", visibility: "published" },
    });
    const answeredAfter = Date.now() - sent;
    expect(declared.status()).toBe(201);
    incidentId = (await declared.json()).id as string;
    expect(answeredAfter).toBeLessThan(3_000);

    for (const path of ["/", "/api/v2/summary.json"]) {
      await expect
        .poll(async () => (await page.request.get(path)).text(), { timeout: 5_000 - answeredAfter })
        .toContain(title);
    }
    expect(Date.now() - sent).toBeLessThan(5_000);

    // The dashboard stays usable for the team meanwhile.
    await page.getByRole("link", { name: "Incidents", exact: true }).click();
    await expect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 5_000 });
  } finally {
    const reads = await readers.stop();
    expect(reads.failed).toEqual([]);
    expect(reads.answered).toBeGreaterThan(READERS);
    // Other journeys expect no open incident.
    if (incidentId) {
      const resolved = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
        data: { status: "resolved", body: "Fixed." },
      });
      expect(resolved.status()).toBe(201);
    }
  }
});
