import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder,
  // and postgres.js must not be bundled twice; both stay plain Node modules.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  // Migrations are read from disk at start-up, so they travel with every server bundle.
  outputFileTracingIncludes: { "/**": ["./db/migrations/**"] },
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
