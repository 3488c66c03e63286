// Adds up the vitest and Playwright JSON reports of every CI pass into one closing line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const pass of existsSync(root) ? readdirSync(root) : []) {
  const vitest = path.join(root, pass, "vitest.json");
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    console.log(`${pass} vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
  const playwright = path.join(root, pass, "playwright.json");
  if (existsSync(playwright)) {
    const { stats } = JSON.parse(readFileSync(playwright, "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    console.log(
      `${pass} playwright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`,
    );
  }
}
if (passed + failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed || skipped ? 1 : 0);
