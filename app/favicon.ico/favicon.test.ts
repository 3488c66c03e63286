import { describe, expect, it } from "vitest";
import { GET } from "./route";

describe("/favicon.ico", () => {
  it("sends browsers to the app's icon instead of a 404", async () => {
    const response = await GET(new Request("http://localhost:3000/favicon.ico"), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/icon.svg");
  });
});
