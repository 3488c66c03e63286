// GET /v1/components (100 components in 10 groups, signed in) against GET /health on the same
// built server, 50 connections, BENCH_SECONDS (20) each. Target: >= 40% of /health's rate, p99 < 50 ms.
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
  const components = `${server.baseUrl}/v1/components`;
  const check = await fetch(components, { headers: { cookie } });
  const page = (await check.json()) as { components: unknown[]; groups: unknown[] };
  console.log(`Data: ${page.components.length} components in ${page.groups.length} groups.`);

  // Warm both paths up (JIT, route compilation, caches) before measuring.
  await load(`${server.baseUrl}/health`, 3);
  await load(components, 3, { headers: { cookie } });
  const health = await load(`${server.baseUrl}/health`, SECONDS);
  const read = await load(components, SECONDS, { headers: { cookie } });

  const row = (name: string, f: Figures) =>
    `${name.padEnd(20)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}, non-2xx ${f.non2xx}`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, same server, same run:`);
  console.log(row("GET /health", health));
  console.log(row("GET /v1/components", read));
  const ratio = read.rps / health.rps;
  console.log(
    `\nratio: ${(ratio * 100).toFixed(1)}% of /health's rate (target >= 40%): ${ratio >= 0.4 ? "met" : "missed"}`,
  );
  console.log(
    `p99 of /v1/components: ${read.p99} ms (target < 50 ms): ${read.p99 < 50 ? "met" : "missed"}`,
  );
} finally {
  await server.stop();
}
