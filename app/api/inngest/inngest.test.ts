import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { TestClient } from "@/lib/testing/client";

afterEach(() => {
  delete process.env.INNGEST_SIGNING_KEY;
  delete process.env.INNGEST_EVENT_KEY;
  resetConfig();
});

describe("/api/inngest", () => {
  it.each(["GET", "POST", "PUT", "OPTIONS"])(
    "does not exist on the embedded runner (%s is 404)",
    async (method) => {
      const response = await new TestClient().call(method, "/api/inngest", {
        body: method === "GET" || method === "OPTIONS" ? undefined : {},
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 404, code: "not_found" });
    },
  );

  it("is served when Inngest runs the background work, and refuses unsigned calls", async () => {
    process.env.INNGEST_SIGNING_KEY = `signkey-prod-${"ab".repeat(32)}`;
    process.env.INNGEST_EVENT_KEY = "event-key";
    resetConfig();
    const introspection = await new TestClient().get("/api/inngest");
    expect(introspection.status).toBe(401);
    const unsigned = await new TestClient().post("/api/inngest?fnId=allclear-sweep&stepId=step", {
      event: { name: "x", data: {} },
    });
    expect(unsigned.status).toBe(401);
  });
});
