import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

// Next.js's own matching of `config.matcher` (the function its server runs per request), so the
// test says which requests reach the proxy exactly as a deployment would.
const reachesProxy = (path: string) =>
  unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${path}` });

const ID = "0190aaaa-0000-7000-8000-000000000001";

// The route handlers that apply the front gate and set their own headers.
const HANDLED = [
  "/",
  "/history",
  "/history?page=2",
  "/history.rss",
  "/history.atom",
  "/history/2026-11-01",
  "/robots.txt",
  "/sitemap.xml",
  "/brand.css",
  "/brand/logo-light",
  "/badge/status.svg",
  "/widget.json",
  "/embed",
  `/incidents/${ID}`,
  "/incidents/not-an-id",
  `/maintenance/${ID}`,
  "/public/subscriptions",
  "/public/subscriptions/confirm",
  "/public/subscriptions/manage",
  "/public/subscriptions/unsubscribe",
  "/api/v2/summary.json",
  "/api/v2/incidents/unresolved.json",
  "/api/v2/constructor",
  "/p/acme",
  "/p/acme/",
  "/access",
  "/p/acme/history.rss",
  "/p/acme/api/v2/summary.json",
  `/p/acme/incidents/${ID}`,
  "/v1/incidents",
  `/v1/incidents/${ID}/updates`,
  "/v1/no-such-thing",
  "/auth/sign-in/email",
  "/auth/get-session",
  "/health",
  "/health/ready",
  "/heartbeat/AbCdEfGhIjKlMnOpQrStUvWxYz012345",
  "/heartbeat/AbCdEfGhIjKlMnOpQrStUvWxYz012345/fail",
  "/openapi.json",
];

// Everything else is a Next.js page, its not-found page or a file, and goes through the proxy.
const PAGES = [
  "/dashboard",
  "/dashboard/incidents",
  "/sign-in",
  "/setup",
  "/docs",
  "/historyfoo",
  "/history/2026-11-01/x",
  "/history.rssx",
  "/history.json",
  "/incidents",
  `/incidents/${ID}/x`,
  "/incidents/a/b",
  "/maintenance",
  "/maintenance/a/b",
  "/maintenancex/a",
  "/public",
  "/publicfoo",
  "/public/other",
  "/public/subscriptionsx",
  "/public/subscriptions/other",
  "/public/subscriptions/manage/x",
  "/api",
  "/api/v2",
  "/api/v2x/summary.json",
  "/api/other",
  "/p",
  "/p/",
  "/px/acme",
  "/accessx",
  "/access/x",
  "/v1",
  "/v1x",
  "/v1x/incidents",
  "/auth",
  "/authx/sign-in",
  "/healthx",
  "/health/readyx",
  "/health/other",
  "/heartbeat",
  "/heartbeat/a/b",
  "/heartbeatx/abc",
  "/openapi.jsonx",
  "/openapi.json/x",
  "/status.css",
];

describe("which requests the proxy sees", () => {
  it.each(HANDLED)("leaves %s to its route handler", (path) => {
    expect(reachesProxy(path)).toBe(false);
  });

  it.each(PAGES)("sees %s", (path) => {
    expect(reachesProxy(path)).toBe(true);
  });
});

describe("what the proxy adds", () => {
  it.each([
    "/historyfoo",
    "/history/2026-11-01/x",
    "/incidents/a/b",
    "/maintenance/a/b",
    "/public/other",
    "/api/other",
    "/api/v2",
    "/v1",
    "/auth",
  ])("gives %s (Next.js's not-found page) a page's security headers", (path) => {
    const response = proxy(new Request(`http://localhost:3000${path}`));
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it.each(["/status.css", "/status.js", "/icon.svg", "/_next/static/chunks/x.js", "/api/inngest"])(
    "leaves %s its own headers",
    (path) => {
      const response = proxy(new Request(`http://localhost:3000${path}`));
      expect(response.headers.get("content-security-policy")).toBeNull();
    },
  );
});
