import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { LEFT_TO_NEXT, startFrontDoor } from "@/lib/testing/front-door";

// The public page on a host of its own (STATUS_PAGE_HOST), the dashboard and API on BASE_URL, as
// the HTTP server of `npm start` answers them over a real loopback connection.
const STATUS_HOST = "status.acme.test";
let frontDoor: Awaited<ReturnType<typeof startFrontDoor>>;
let editor: TestClient;

const get = (path: string, host: string, method = "GET") => frontDoor.get(path, host, method);

beforeAll(async () => {
  process.env.STATUS_PAGE_HOST = STATUS_HOST;
  resetConfig();
  frontDoor = await startFrontDoor();
  ({ client: editor } = await setUpOwner());
  await editor.post("/v1/incidents", {
    title: "Slow",
    impact: "minor",
    visibility: "published",
    body: "Looking.",
  });
});

afterAll(async () => {
  await frontDoor.close();
  delete process.env.STATUS_PAGE_HOST;
  resetConfig();
});

describe("the status page's own host", () => {
  it("serves the public page, with its canonical address there", async () => {
    const page = await get("/", STATUS_HOST);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="http://${STATUS_HOST}/">`);
    expect((await get("/history.rss", STATUS_HOST)).body).toContain(
      `<link>http://${STATUS_HOST}/</link>`,
    );
    const summary = JSON.parse((await get("/api/v2/summary.json", STATUS_HOST)).body);
    expect(summary.page.url).toBe(`http://${STATUS_HOST}`);
    expect(summary.incidents[0].shortlink).toMatch(new RegExp(`^http://${STATUS_HOST}/incidents/`));
    // The subscription pages are the public page's too: they are left to their routes.
    expect((await get("/public/subscriptions", STATUS_HOST)).status).toBe(LEFT_TO_NEXT);
    // And those of the pages below it, whose mailed links name this host.
    expect((await get("/p/api/public/subscriptions/confirm", STATUS_HOST)).status).toBe(
      LEFT_TO_NEXT,
    );
  });

  it("sends the dashboard, sign-in and the API to BASE_URL, keeping the method", async () => {
    for (const [path, method] of [
      ["/dashboard/incidents?x=1", "GET"],
      ["/sign-in", "GET"],
      ["/v1/incidents", "POST"],
      ["/auth/sign-in/email", "POST"],
    ] as const) {
      const answer = await get(path, STATUS_HOST, method);
      expect(answer.status, path).toBe(308);
      expect(answer.location, path).toBe(`http://localhost:3000${path}`);
    }
  });

  it("leaves BASE_URL's host as it was", async () => {
    expect((await get("/dashboard", "localhost:3000")).status).toBe(LEFT_TO_NEXT);
    expect((await get("/", "localhost:3000")).status).toBe(200);
  });

  it("takes the subscribe form posted from the status host", async () => {
    const posted = await new TestClient().post(
      "/public/subscriptions",
      { email: "visitor@example.com" },
      { headers: { origin: `http://${STATUS_HOST}` } },
    );
    expect(posted.status, posted.text).toBe(202);
    const elsewhere = await new TestClient().post(
      "/public/subscriptions",
      { email: "visitor@example.com" },
      { headers: { origin: "http://evil.test" } },
    );
    expect(elsewhere.status).toBe(403);
  });
});
