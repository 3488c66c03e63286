// Authenticated reads against GET /health on the same built server, 50 connections,
// BENCH_SECONDS (20) each: GET /v1/components (100 components in 10 groups) and GET /v1/me (the
// session and membership lookup with a tiny answer), signed in. Targets for each: >= 0.5x
// /health's requests per second and a p99 <= 2x /health's.
// The token case: GET /v1/components with an API token (Authorization: Bearer) against the
// same read with the session cookie, run before and after it (their mean counts). Targets:
// >= 0.9x the cookie's requests per second, p99 <= 1.2x the cookie's.
// Each path is loaded in one continuous run: the first requests of 50 connections opened at
// once wait up to about 2 s on this machine, on /health as much as elsewhere, so short rounds
// would make p99 measure connection set-up. /health runs first and last and counts as the mean
// of the two, so the machine's drift during the run hits every path alike.
import { creator, load, signedInOwner, startServer, type Figures } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;

const server = await startServer();
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  const groups = [];
  for (let i = 0; i < 10; i++)
    groups.push(await post("/v1/component-groups", { name: `Group ${i + 1}` }));
  for (let i = 0; i < 100; i++) {
    await post("/v1/components", {
      name: `Component ${i + 1}`,
      description: `Service number ${i + 1}`,
      groupId: i < 90 ? groups[i % 10]!.id : null,
    });
  }
  const health = `${server.baseUrl}/health`;
  const components = `${server.baseUrl}/v1/components`;
  const me = `${server.baseUrl}/v1/me`;
  const { secret } = (await post("/v1/api-tokens", {
    name: "Bench",
    role: "viewer",
  })) as unknown as {
    secret: string;
  };
  const bearer = { authorization: `Bearer ${secret}` };
  const check = await fetch(components, { headers: { cookie } });
  const page = (await check.json()) as { components: unknown[]; groups: unknown[] };
  console.log(`Data: ${page.components.length} components in ${page.groups.length} groups.`);

  // Warm every path up (JIT, route compilation, caches) before measuring.
  await load(health, 3);
  await load(components, 3, { headers: { cookie } });
  await load(me, 3, { headers: { cookie } });
  await load(components, 3, { headers: bearer });
  const healthBefore = await load(health, SECONDS);
  const componentsRun = await load(components, SECONDS, { headers: { cookie } });
  const tokenRun = await load(components, SECONDS, { headers: bearer });
  const cookieAgain = await load(components, SECONDS, { headers: { cookie } });
  const meRun = await load(me, SECONDS, { headers: { cookie } });
  const healthAfter = await load(health, SECONDS);
  const figures = {
    health: {
      rps: (healthBefore.rps + healthAfter.rps) / 2,
      p50: (healthBefore.p50 + healthAfter.p50) / 2,
      p99: (healthBefore.p99 + healthAfter.p99) / 2,
      errors: healthBefore.errors + healthAfter.errors,
      non2xx: healthBefore.non2xx + healthAfter.non2xx,
    },
    components: componentsRun,
    me: meRun,
  };

  const row = (name: string, f: Figures) =>
    `${name.padEnd(20)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}, non-2xx ${f.non2xx}`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, same server, in this order:`);
  console.log(row("GET /health", healthBefore));
  console.log(row("GET /v1/components", componentsRun));
  console.log(row("  … with a token", tokenRun));
  console.log(row("  … with the cookie", cookieAgain));
  console.log(row("GET /v1/me", meRun));
  console.log(row("GET /health", healthAfter));
  console.log(row("/health, mean", figures.health));
  for (const [name, f] of [
    ["/v1/components", figures.components],
    ["/v1/me", figures.me],
  ] as const) {
    const ratio = f.rps / figures.health.rps;
    const tail = f.p99 / figures.health.p99;
    const clean = f.errors === 0 && f.non2xx === 0;
    console.log(
      `\n${name}: ${(ratio * 100).toFixed(1)}% of /health's rate (target >= 50%): ${ratio >= 0.5 && clean ? "met" : "missed"}` +
        `\n${" ".repeat(name.length)}  p99 ${tail.toFixed(2)}x /health's (target <= 2x): ${tail <= 2 && clean ? "met" : "missed"}`,
    );
  }
  const cookieMean = {
    rps: (componentsRun.rps + cookieAgain.rps) / 2,
    p99: (componentsRun.p99 + cookieAgain.p99) / 2,
  };
  const tokenRatio = tokenRun.rps / cookieMean.rps;
  const tokenTail = tokenRun.p99 / cookieMean.p99;
  const tokenClean = tokenRun.errors === 0 && tokenRun.non2xx === 0;
  console.log(
    `\n/v1/components with a token: ${(tokenRatio * 100).toFixed(1)}% of the cookie's rate (target >= 90%): ${tokenRatio >= 0.9 && tokenClean ? "met" : "missed"}` +
      `\n  p99 ${tokenTail.toFixed(2)}x the cookie's (target <= 1.2x): ${tokenTail <= 1.2 && tokenClean ? "met" : "missed"}`,
  );
} finally {
  await server.stop();
}
