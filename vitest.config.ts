import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["app/**/*.test.ts", "lib/**/*.test.ts", "db/**/*.test.ts", "inngest/**/*.test.ts"],
    setupFiles: ["./lib/testing/setup-database.ts"],
    testTimeout: 30_000,
    reporters: process.env.TEST_REPORT_DIR ? ["default", "json"] : ["default"],
    outputFile: { json: `${process.env.TEST_REPORT_DIR ?? "."}/vitest.json` },
    hookTimeout: 60_000,
  },
});
