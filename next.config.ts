import type { NextConfig } from "next";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CSP } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder,
  // and postgres.js must not be bundled twice; both stay plain Node modules.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  // Migrations are read from disk at start-up, so they travel with every server bundle.
  outputFileTracingIncludes: { "/**": ["./db/migrations/**"] },
  poweredByHeader: false,
  // The build does not type-check: `npm run typecheck` does, in `verify` and CI. A first
  // `npm start` of a fresh clone then serves about a minute sooner.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  // Pages get their Content-Security-Policy (with a nonce) and framing rules from proxy.ts.
  async headers() {
    const nonPage = [
      ...COMMON_SECURITY_HEADERS,
      { key: "Content-Security-Policy", value: NON_PAGE_CSP },
    ];
    return [
      { source: "/:path*", headers: COMMON_SECURITY_HEADERS },
      ...["/v1/:path*", "/auth/:path*", "/api/:path*", "/openapi.json", "/health"].map(
        (source) => ({
          source,
          headers: nonPage,
        }),
      ),
      // A subscriber's pages carry their token in the address: it is never sent on as a referrer.
      {
        source: "/public/subscriptions/:path*",
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      },
    ];
  },
};

export default nextConfig;
