import { beforeAll, describe, expect, it } from "vitest";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;
let workspaceId: string;
const visitor = new TestClient();

beforeAll(async () => {
  ({ client: owner, workspaceId } = await setUpOwner());
});

describe("/v1/workspace", () => {
  it("answers the name, time zone and the page's dress to any member", async () => {
    const { client: viewer } = await memberWithRole(owner, "viewer");
    const response = await viewer.get("/v1/workspace");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: workspaceId,
      name: "Acme",
      timeZone: "Etc/UTC",
      defaultLocale: "en",
      accentColor: null,
      accentColorDark: null,
      headerLinks: [],
      supportUrl: null,
      footerText: "",
      showPoweredBy: true,
      updateCadenceMinutes: null,
      logoLight: null,
      logoDark: null,
      favicon: null,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it("lets only an admin change them", async () => {
    const { client: editor } = await memberWithRole(owner, "editor");
    const refused = await editor.patch("/v1/workspace", { name: "Nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
  });

  it("takes an IANA zone in its canonical spelling and shows it on the public page at once", async () => {
    const changed = await owner.patch("/v1/workspace", {
      name: "Acme Cloud",
      timeZone: "europe/berlin",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: "Acme Cloud", timeZone: "Europe/Berlin" });
    const { page } = (await visitor.get("/api/v2/status.json")).body;
    expect(page).toMatchObject({ name: "Acme Cloud", time_zone: "Europe/Berlin" });
    // Statuspage writes its times in the page's zone.
    expect(page.updated_at).toMatch(/\.\d{3}\+0[12]:00$/);
    const berlin = new Date(page.updated_at).getTime();
    expect(Math.abs(berlin - Date.now())).toBeLessThan(60_000);
    expect((await visitor.get("/")).text).toContain("<title>Acme Cloud status</title>");
    // GET-modify-PATCH: read-only fields sent back are ignored.
    const current = (await owner.get("/v1/workspace")).body;
    expect((await owner.patch("/v1/workspace", { ...current, name: "Acme" })).status).toBe(200);
  });

  it.each([
    [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    [{ timeZone: "+05:00" }, "timeZone"],
    [{ timeZone: "" }, "timeZone"],
    [{ timeZone: 5 }, "timeZone"],
    [{ name: "" }, "name"],
    [{ colour: "blue" }, "colour"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const response = await owner.patch("/v1/workspace", body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});
