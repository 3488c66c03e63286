// The public page and its JSON against GET /health on the same built server, 50 connections,
// BENCH_SECONDS (20) each, taken in alternating 5 s rounds so the machine's drift hits them all
// alike: summary.json at >= 0.8x, / at >= 0.5x in each of the six languages (chosen by
// Accept-Language, read as browsers read it, compressed; with branding: accent, links, footer,
// logo, favicon) and both badges at >= 0.8x /health's rate, no errors; with 10 status pages, of
// which one beside the first is read too (its page at >= 0.5x, its summary.json at >= 0.8x), and
// an audience page by a signed-in reader (page and summary.json at >= 0.3x; then a change to one of
// the reader's components visible in its JSON within 2 s while 50 readers read it). / is also read
// uncompressed in English and French beside a bare Node.js server answering the
// same French bytes from memory: the most any server reaches for that size on this machine. The
// memory each language adds is the server's resident memory after building every page of one
// language, against after building all six.
// Then the spike: while 100 connections read / (compressed, as browsers do) and summary.json for
// 30 s, an editor makes 20 writes 1 s apart (create an incident, post an update, change a
// component, in turn), each timed from send to answer (target p99 <= 1 s) and from send to
// visible on both (target <= 2 s); the same 20 writes with no load first, for comparison.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  brandPage,
  creator,
  editor,
  load,
  loadInTurns,
  seedPage,
  signedInOwner,
  startServer,
  type Figures,
  type WriteTiming,
} from "./server";
import { ProviderBrowser, startOidcProvider } from "../lib/testing/oidc";

const PAGE_CLIENT = { clientId: "bench-customers", clientSecret: "the bench page's secret" };

/**
 * Signs a reader in to an audience page through its provider, as a browser would: answers the
 * cookie the page gave them.
 */
async function signedInReader(baseUrl: string, pagePath: string, email: string): Promise<string> {
  const start = await fetch(`${baseUrl}${pagePath}/access/oidc`, { redirect: "manual" });
  const flow = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const back = await new ProviderBrowser().signIn(start.headers.get("location")!, email);
  const done = await fetch(back, { headers: { cookie: flow }, redirect: "manual" });
  const cookie = done.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("allclear-visitor-"))
    .join("; ");
  if (done.status !== 303 || !cookie) throw new Error(`sign-in failed: ${done.status}`);
  return cookie;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const SPIKE_SECONDS = Number(process.env.BENCH_SPIKE_SECONDS ?? 30);
const SPIKE_CONNECTIONS = 100;
const WRITES = 20;

const ROUND_SECONDS = 5;
const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja"];

const server = await startServer();
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  // A page of a realistic size: 20 components, most in 4 groups, two weeks of incidents, one
  // active incident and one upcoming window.
  const { components, active } = await seedPage(post, {
    groups: ["Payments", "API", "Dashboard", "Infrastructure"],
    components: 20,
    resolved: 10,
  });
  await post("/v1/maintenances", {
    title: "Database upgrade",
    body: "Read-only for ten minutes.",
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 90_000_000).toISOString(),
    componentIds: [components[1]!.id],
  });
  await brandPage(server.baseUrl, cookie);
  // Nine pages beside the first: eight showing a part of the components each (its own zone and
  // language for some), as a team with a page per product would have, and one audience page
  // whose readers sign in with its provider and see their company's components.
  const provider = await startOidcProvider([
    { ...PAGE_CLIENT, redirectUris: [`${server.baseUrl}/p/customers/access/callback`] },
  ]);
  const customers = await post("/v1/pages", {
    name: "Customers",
    slug: "customers",
    visibility: "audience",
    componentIds: components.slice(0, 10).map((c) => c.id),
    oidc: { issuer: provider.issuer, ...PAGE_CLIENT },
  });
  await post(`/v1/pages/${customers.id}/audiences`, {
    name: "Acme",
    componentIds: components.slice(0, 5).map((c) => c.id),
    emailDomains: ["acme.example"],
  });
  await post(`/v1/pages/${customers.id}/audiences`, {
    name: "Globex",
    componentIds: components.slice(5, 10).map((c) => c.id),
    emailDomains: ["globex.example"],
  });
  const reader = await signedInReader(server.baseUrl, "/p/customers", "dev@acme.example");
  for (let i = 0; i < 8; i++) {
    await post("/v1/pages", {
      name: `Product ${i + 1}`,
      slug: `product-${i + 1}`,
      componentIds: components.slice(i * 2, i * 2 + 6).map((c) => c.id),
      ...(i % 3 === 1 ? { timeZone: "America/New_York", language: "de" } : {}),
    });
  }
  const audiencePage = `${server.baseUrl}/p/customers`;
  const audienceSummary = `${audiencePage}/api/v2/summary.json`;
  const otherPage = `${server.baseUrl}/p/product-1`;
  const otherSummary = `${otherPage}/api/v2/summary.json`;
  const health = `${server.baseUrl}/health`;
  const summary = `${server.baseUrl}/api/v2/summary.json`;
  const page = `${server.baseUrl}/`;
  const statusBadge = `${server.baseUrl}/badge/status.svg`;
  const uptimeBadge = `${server.baseUrl}/badge/uptime.svg?component=${components[0]!.id}&days=30`;
  const speaking = (locale: string) => ({ "accept-language": `${locale},en;q=0.5` });
  // What a browser sends: its language and the encodings it takes.
  const browser = (locale: string) => ({ ...speaking(locale), "accept-encoding": "br, gzip" });

  // Every page of one language, then of all six: what each language adds to the server's memory.
  const pagesOf = (locale: string) =>
    ["/", "/history", "/history.rss", "/history.atom", "/embed", `/incidents/${active.id}`].map(
      (path) => fetch(`${server.baseUrl}${path}`, { headers: speaking(locale) }),
    );
  await Promise.all(pagesOf("en"));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const oneLanguage = server.rssBytes();
  for (const locale of LOCALES) await Promise.all(pagesOf(locale));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const sixLanguages = server.rssBytes();
  const bodies = await Promise.all(
    LOCALES.map(async (locale) =>
      Buffer.from(await (await fetch(page, { headers: speaking(locale) })).arrayBuffer()),
    ),
  );
  const sizes = bodies.map((body) => body.length);
  console.log(
    `Data: 20 components in 4 groups, 11 incidents, 10 status pages, branded (accent, 2 links, footer, logo, favicon); / is ${sizes.map((b, i) => `${LOCALES[i]} ${(b / 1024).toFixed(0)} KiB`).join(", ")}.`,
  );
  console.log(
    `Memory: ${(oneLanguage / 2 ** 20).toFixed(0)} MiB resident with one language's pages built, ${(sixLanguages / 2 ** 20).toFixed(0)} MiB with all six: about ${((sixLanguages - oneLanguage) / 5 / 2 ** 20).toFixed(1)} MiB a language.`,
  );

  // The bare server: the French page's bytes, answered from memory with no work at all.
  const french = bodies[LOCALES.indexOf("fr")]!;
  const bare = createServer((_, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": french.length,
    });
    response.end(french);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const pages = Object.fromEntries(
    LOCALES.map((locale) => [`page ${locale}`, { url: page, headers: browser(locale) }]),
  );
  const targets: Record<string, { url: string; headers?: Record<string, string> }> = {
    health: { url: health },
    summary: { url: summary },
    ...pages,
    "page en uncompressed": { url: page, headers: speaking("en") },
    "page fr uncompressed": { url: page, headers: speaking("fr") },
    "bare server, fr bytes": { url: bareUrl },
    "status badge": { url: statusBadge },
    "uptime badge": { url: uptimeBadge },
    "/p/product-1 en": { url: otherPage, headers: browser("en") },
    "/p/product-1 summary": { url: otherSummary },
    "audience page en": { url: audiencePage, headers: { ...browser("en"), cookie: reader } },
    "audience summary": { url: audienceSummary, headers: { cookie: reader } },
  };
  // Warm every path up (JIT, route compilation, the snapshot) before measuring.
  for (const target of Object.values(targets))
    await load(target.url, 3, { headers: target.headers });
  const figures = await loadInTurns(targets, SECONDS, ROUND_SECONDS);
  bare.close();

  const row = (name: string, f: Figures) =>
    `${name.padEnd(26)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}, non-2xx ${f.non2xx}`;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each in ${ROUND_SECONDS} s rounds taken in turn, same server, same run (p50 and p99: the median round's):`,
  );
  for (const [name, f] of Object.entries(figures)) console.log(row(`GET ${name}`, f));
  const ratio = (f: Figures) => f.rps / figures.health!.rps;
  const verdict = (f: Figures, target: number) =>
    ratio(f) >= target && f.errors === 0 && f.non2xx === 0 ? "met" : "missed";
  const goals: [string, number][] = [
    ["summary", 0.8],
    ...LOCALES.map((locale): [string, number] => [`page ${locale}`, 0.5]),
    ["status badge", 0.8],
    ["uptime badge", 0.8],
    ["/p/product-1 en", 0.5],
    ["/p/product-1 summary", 0.8],
    ["audience page en", 0.3],
    ["audience summary", 0.3],
  ];
  console.log("");
  for (const [name, target] of goals) {
    const f = figures[name]!;
    console.log(
      `${name.padEnd(20)} ${ratio(f).toFixed(2)}x /health's rate (target >= ${target}x, no errors): ${verdict(f, target)}`,
    );
  }
  const ceiling = figures["bare server, fr bytes"]!.rps;
  for (const locale of ["en", "fr"]) {
    const f = figures[`page ${locale} uncompressed`]!;
    console.log(
      `page ${locale} uncompressed: ${ratio(f).toFixed(2)}x /health's rate, ${(f.rps / ceiling).toFixed(2)}x the bare server's (${(ceiling / figures.health!.rps).toFixed(2)}x /health's)`,
    );
  }

  // The spike: 100 connections (half on /, half on summary.json) for SPIKE_SECONDS while an
  // editor makes WRITES writes 1 s apart; the same writes once more with no load, first.
  const writer = editor(server.baseUrl, cookie, {
    summary,
    ...Object.fromEntries(LOCALES.map((locale) => [locale, `${page}?locale=${locale}`])),
  });
  const subjects = { incidentId: active.id, componentIds: components.map((c) => c.id) };
  const quiet = await writer.series(subjects, WRITES, "quiet");
  const spikeLoads = Promise.all([
    load(summary, SPIKE_SECONDS, { connections: SPIKE_CONNECTIONS / 2 }),
    load(page, SPIKE_SECONDS, { connections: SPIKE_CONNECTIONS / 2, headers: browser("en") }),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const spiked = await writer.series(subjects, WRITES, "spike");
  const [spikeSummary, spikePage] = await spikeLoads;

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  };
  const spread = (values: number[]) =>
    `p50 ${String(quantile(values, 0.5)).padStart(5)}   p99 ${String(quantile(values, 0.99)).padStart(5)}   max ${String(Math.max(...values)).padStart(5)} ms`;
  const report = (name: string, timings: WriteTiming[]) => {
    console.log(`  ${name}`);
    console.log(`    ${"send → answer:".padEnd(32)} ${spread(timings.map((t) => t.answered))}`);
    console.log(
      `    ${"send → visible on / and JSON:".padEnd(32)} ${spread(timings.map((t) => t.visible))}`,
    );
    console.log(
      `    ${"dashboard page + its list:".padEnd(32)} ${spread(timings.map((t) => t.dashboard))}`,
    );
    for (const kind of new Set(timings.map((t) => t.kind))) {
      const ofKind = timings.filter((t) => t.kind === kind);
      console.log(
        `    ${kind.padEnd(18)} answered in ${ofKind.map((t) => t.answered).join(", ")} ms; visible in ${ofKind.map((t) => t.visible).join(", ")} ms`,
      );
    }
  };
  console.log(
    `\n${WRITES} writes by an editor, 1 s apart (incident created, update posted, component changed, in turn):`,
  );
  report("no load", quiet);
  report(
    `while ${SPIKE_CONNECTIONS} connections read / and summary.json (${spikePage.rps.toFixed(0)} + ${spikeSummary.rps.toFixed(0)} req/s, p99 ${spikePage.p99} / ${spikeSummary.p99} ms, errors ${spikePage.errors + spikeSummary.errors}, non-2xx ${spikePage.non2xx + spikeSummary.non2xx})`,
    spiked,
  );
  const answeredP99 = quantile(
    spiked.map((t) => t.answered),
    0.99,
  );
  const visibleMax = Math.max(...spiked.map((t) => t.visible));
  console.log(
    `\nUnder the spike: writes answered with p99 ${answeredP99} ms (target <= 1000 ms): ${answeredP99 <= 1000 ? "met" : "missed"}; every change visible within ${visibleMax} ms of being sent (target <= 2000 ms): ${visibleMax <= 2000 ? "met" : "missed"}`,
  );

  // The audience page while 50 signed-in readers of it read its page: an editor renames one of
  // their components 10 times, 1 s apart, each timed from send to visible in its JSON.
  const audienceLoad = load(audiencePage, 15, {
    connections: CONNECTIONS,
    headers: { ...browser("en"), cookie: reader },
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const renames: number[] = [];
  for (let n = 0; n < 10; n++) {
    const marker = `Renamed ${n} ${Date.now().toString(36)}`;
    const sent = Date.now();
    const response = await fetch(`${server.baseUrl}/v1/components/${components[n % 5]!.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({ name: marker }),
    });
    if (!response.ok) throw new Error(`rename: ${response.status}`);
    for (;;) {
      const body = await (await fetch(audienceSummary, { headers: { cookie: reader } })).text();
      if (body.includes(marker)) break;
      if (Date.now() - sent > 60_000) throw new Error("the rename never showed");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    renames.push(Date.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const audienceRead = await audienceLoad;
  console.log(
    `\nAudience page under ${CONNECTIONS} signed-in readers (${audienceRead.rps.toFixed(0)} req/s, p99 ${audienceRead.p99} ms, errors ${audienceRead.errors}, non-2xx ${audienceRead.non2xx}): 10 renames of a reader's component visible in its JSON within ${renames.join(", ")} ms (target <= 2000 ms): ${Math.max(...renames) <= 2000 ? "met" : "missed"}`,
  );
  await provider.close();
} finally {
  await server.stop();
}
