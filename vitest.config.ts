import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Builds the app when its build is out of date, which takes both cores for a minute: it runs
// after every other file, alone, so no timing of another test shares the machine with a build.
const IMAGE_TEST = "lib/server/standalone-image.test.ts";
const exclude = [
  ...configDefaults.exclude,
  // Several processes on one database need PostgreSQL (the embedded database belongs to one
  // process), as do tests of the PostgreSQL driver's connections: those tests run in the
  // PostgreSQL pass, `DATABASE_URL=… npm test`.
  ...(process.env.DATABASE_URL ? [] : ["**/*.processes.test.ts", "**/*.postgres.test.ts"]),
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: [
            "app/**/*.test.ts",
            "lib/**/*.test.ts",
            "db/**/*.test.ts",
            "inngest/**/*.test.ts",
          ],
          exclude: [...exclude, IMAGE_TEST],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "image", include: [IMAGE_TEST], exclude, sequence: { groupOrder: 1 } },
      },
    ],
    setupFiles: ["./lib/testing/setup-database.ts"],
    // Two files at once even on two cores: much of a test's time is spent waiting on the
    // database, loopback servers and short timers, and every file has its own database. On
    // this machine kind it took the suite from 516 s to 311 s on PGlite and 321 s to 198 s on
    // PostgreSQL.
    maxWorkers: 2,
    testTimeout: 30_000,
    reporters: process.env.TEST_REPORT_DIR ? ["default", "json"] : ["default"],
    outputFile: { json: `${process.env.TEST_REPORT_DIR ?? "."}/vitest.json` },
    hookTimeout: 60_000,
  },
});
