import type { NextConfig } from "next";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CSP } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // BUILD_OUTPUT=standalone (set by `npm start` and the Dockerfile for their builds) also lays
  // out .next/standalone: a server with only the node_modules files it uses, which the container
  // image copies. Only the build sees it: `next start` reads this file again without it and
  // serves the same .next, where it would otherwise warn that it does not work with that output.
  ...(process.env.BUILD_OUTPUT === "standalone" ? { output: "standalone" as const } : {}),
  // PGlite loads its WebAssembly and data files from its own package folder,
  // and postgres.js must not be bundled twice; both stay plain Node modules.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "prom-client"],
  // Migrations are read from disk at start-up, and the status page's icon is read with its
  // stylesheet and script (lib/public/assets.ts), so they travel with every server bundle.
  outputFileTracingIncludes: { "/**": ["./db/migrations/**", "./app/icon.svg"] },
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
      // The subscribe form itself carries none, and keeps its origin for its own form.
      ...["/public/subscriptions/:path+", "/p/:slug/public/subscriptions/:path+"].map((source) => ({
        source,
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      })),
    ];
  },
};

export default nextConfig;
