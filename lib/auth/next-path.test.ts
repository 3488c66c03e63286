import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("the path to go to after signing in", () => {
  it.each([
    "/\\evil.example",
    "/\\/evil.example",
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example/dashboard",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
  ])("refuses %j and goes to the dashboard", (next) => {
    expect(safeNextPath(next)).toBe("/dashboard");
  });

  it.each(["/dashboard/incidents", "/dashboard?tab=1#x", "/", "/a/\\b"])("keeps %j", (next) => {
    expect(safeNextPath(next)).toBe(next);
  });
});
