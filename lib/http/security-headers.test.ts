import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { proxy } from "@/proxy";

afterEach(() => {
  process.env.BASE_URL = "http://localhost:3000";
  resetConfig();
});

function page(path: string) {
  const response = proxy(new Request(`${process.env.BASE_URL}${path}`));
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  return { response, csp, nonce };
}

describe("page security headers", () => {
  it("gives every page a strict CSP with a fresh nonce, also handed to Next.js's renderer", () => {
    const first = page("/dashboard");
    const second = page("/dashboard");
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.csp).toContain(`script-src 'self' 'nonce-${first.nonce}' 'strict-dynamic'`);
    expect(first.csp).toContain(`style-src 'self' 'nonce-${first.nonce}'`);
    expect(first.csp).toContain("object-src 'none'");
    expect(first.csp).toContain("base-uri 'none'");
    expect(first.csp).not.toMatch(/unsafe-eval|unsafe-inline/);
    // Next.js reads the nonce from the request's CSP header.
    expect(first.response.headers.get("x-middleware-request-content-security-policy")).toBe(
      first.csp,
    );
  });

  it.each([
    "/dashboard",
    "/dashboard/members",
    "/sign-in",
    "/setup",
    "/accept-invitation",
    "/docs",
  ])("forbids framing %s", (path) => {
    const { response, csp } = page(path);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it.each(["/", "/incidents/0190aaaa-0000-7000-8000-000000000001", "/history", "/status.css"])(
    "leaves the public page %s its own headers",
    (path) => {
      const { response, csp } = page(path);
      expect(csp).toBe("");
      expect(response.headers.get("x-frame-options")).toBeNull();
    },
  );

  it("adds HSTS and upgrades requests only when BASE_URL is https", () => {
    expect(page("/sign-in").response.headers.get("strict-transport-security")).toBeNull();
    process.env.BASE_URL = "https://status.example.com";
    resetConfig();
    const { response, csp } = page("/sign-in");
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(csp).toContain("upgrade-insecure-requests");
  });
});
