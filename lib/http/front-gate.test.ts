import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import type { RouteHandler } from "@/lib/api/api";

type RouteModule = Partial<Record<string, RouteHandler>>;
const modules = import.meta.glob<RouteModule>("/app/**/route.ts");
const SECRET = "front-layer-secret-0123456789abcdef";

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetConfig();
});

// The URL each route file serves, with its dynamic segments filled in.
function urlOf(file: string): string {
  const path = file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[\.\.\.[^\]]+\]/g, "anything/else")
    .replace(/\[[^\]]+\]/g, "0190aaaa-0000-7000-8000-000000000001");
  return `http://localhost:3000${path}`;
}

describe("OPTIONS", () => {
  // Load balancers' probes are not behind the front gate.
  const files = Object.keys(modules).filter((file) => !file.startsWith("/app/health/"));
  // Inngest calls /api/inngest directly and signs every call: it is not behind the front gate.
  const gated = files.filter((file) => file !== "/app/api/inngest/route.ts");

  it("is answered by every route file itself, never by Next.js's automatic answer", async () => {
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      expect((await modules[file]!()).OPTIONS, file).toBeTypeOf("function");
    }
  });

  it("is refused with 403 not_through_cdn without the front layer's header", async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetConfig();
    for (const file of gated) {
      const options = (await modules[file]!()).OPTIONS!;
      const context = { params: Promise.resolve({}) };
      const refused = await options(new Request(urlOf(file), { method: "OPTIONS" }), context);
      expect(refused.status, file).toBe(403);
      expect((await refused.json()).code, file).toBe("not_through_cdn");
      const through = await options(
        new Request(urlOf(file), { method: "OPTIONS", headers: { "x-origin-verify": SECRET } }),
        context,
      );
      expect(through.status, file).not.toBe(403);
    }
  });
});
