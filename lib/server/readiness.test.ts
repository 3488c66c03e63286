import { describe, expect, it } from "vitest";
import { GET } from "@/app/health/ready/route";

describe("GET /health/ready", () => {
  it("answers 200 when the database answers", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
