// Lighthouse (mobile, its default) on the public page of a built server: 12 components in 3
// groups, 6 incidents (one open), branded, in English and in Japanese, and the history. Prints each category's score
// (target: >= 95 in every one) and the main timings.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { creator, seedPage, signedInOwner, startServer } from "./server";

const TARGET = 95;
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  await seedPage(post, { groups: ["Payments", "API", "Dashboard"], components: 12, resolved: 5 });
  const patched = await fetch(`${server.baseUrl}/v1/workspace`, {
    method: "PATCH",
    headers: { origin: server.baseUrl, cookie, "content-type": "application/json" },
    body: JSON.stringify({
      accentColor: "#6b21a8",
      headerLinks: [{ label: "Home", url: "https://example.com/" }],
      footerText: "© Example Inc.",
    }),
  });
  if (!patched.ok) throw new Error(`PATCH /v1/workspace: ${patched.status}`);

  const rows: string[] = [];
  let met = true;
  for (const path of ["/", "/?locale=ja", "/history"]) {
    const result = await lighthouse(`${server.baseUrl}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result!.lhr;
    const scores = Object.values(lhr.categories).map((c) => {
      const score = Math.round((c.score ?? 0) * 100);
      if (score < TARGET) met = false;
      return `${c.title} ${score}`;
    });
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    rows.push(
      `${path.padEnd(14)} ${scores.join(", ")}; FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}`,
    );
    for (const c of Object.values(lhr.categories)) {
      for (const ref of c.auditRefs) {
        const found = lhr.audits[ref.id];
        if (ref.weight > 0 && found && found.score !== null && found.score < 1) {
          rows.push(`    ${c.title}: ${found.title} (${found.displayValue ?? found.score})`);
          if (process.env.BENCH_DETAILS)
            rows.push(JSON.stringify(found.details ?? found.explanation ?? "").slice(0, 1500));
        }
      }
    }
  }
  console.log(`Lighthouse ${"(mobile)"} on a built server, embedded database:`);
  for (const row of rows) console.log(row);
  console.log(`\nEvery category >= ${TARGET}: ${met ? "met" : "missed"}`);
} finally {
  await chrome.kill();
  await server.stop();
}
