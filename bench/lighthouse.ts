// Lighthouse (mobile, its default) on the public page of a built server: a page of a realistic
// size, branded, with an open incident, in English and in Japanese. Prints each category's score
// (target: >= 95 in every one) and the main timings.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { creator, signedInOwner, startServer } from "./server";

const TARGET = 95;
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  const groups = [];
  for (const name of ["Payments", "API", "Dashboard"]) {
    groups.push(await post("/v1/component-groups", { name }));
  }
  const components = [];
  for (let i = 0; i < 12; i++) {
    components.push(
      await post("/v1/components", {
        name: `Component ${i + 1}`,
        description: `Service number ${i + 1}`,
        groupId: i < 9 ? groups[i % 3]!.id : null,
      }),
    );
  }
  for (let i = 0; i < 5; i++) {
    await post("/v1/incidents", {
      title: `Resolved incident ${i + 1}`,
      impact: "minor",
      status: "resolved",
      visibility: "published",
      body: "Requests were **slow** for a while; a cache node was restarted.",
      startedAt: new Date(Date.now() - (i + 1) * 40 * 3_600_000).toISOString(),
    });
  }
  await post("/v1/incidents", {
    title: "Elevated error rates",
    impact: "major",
    visibility: "published",
    body: "We are investigating elevated error rates.",
    components: [{ componentId: components[0]!.id, status: "partial_outage" }],
  });
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
