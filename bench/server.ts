// Starts the built app (`npm start`'s script) on a fresh embedded database for a benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import postgres from "postgres";
import { linkIn } from "../lib/testing/smtp";

export type BenchServer = {
  baseUrl: string;
  /** The PostgreSQL database the server runs on (with BENCH_DATABASE_URL), else empty. */
  databaseUrl: string;
  cpuSeconds: () => number;
  /** Resident memory of the server and every process under it, in bytes. */
  rssBytes: () => number;
  stop: () => Promise<void>;
};

/** CPU seconds (user + system) used so far by a process and every process under it. */
export function treeCpuSeconds(pid: number): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  const visit = (id: number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
      const children = readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    } catch {
      // the process ended
    }
  };
  visit(pid);
  return total;
}

/** Resident memory (VmRSS) of a process and every process under it, in bytes. */
export function treeRssBytes(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      const children = readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    } catch {
      // the process ended
    }
  };
  visit(pid);
  return total;
}

/**
 * The embedded database by default; with BENCH_DATABASE_URL, a fresh database on that
 * PostgreSQL server, dropped afterwards.
 */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = Number(process.env.BENCH_PORT ?? 3300);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "allclear-bench-"));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = `allclear_bench_${Date.now().toString(36)}`;
  let databaseUrl = "";
  if (adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${database}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  // BENCH_CPU_PROF=<dir>: the server (already built) runs under the V8 profiler, which writes its
  // profile into <dir> when the server stops.
  const profileDir = process.env.BENCH_CPU_PROF;
  const command = profileDir
    ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir}`, "node_modules/next/dist/bin/next", "start"]
    : ["lib/cli/start.mjs"];
  const child: ChildProcess = spawn(process.execPath, command, {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      PUBLIC_COPY_FILE: path.join(dataDir, "public-copy.json"),
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      API_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    databaseUrl,
    cpuSeconds: () => treeCpuSeconds(child.pid!),
    rssBytes: () => treeRssBytes(child.pid!),
    stop: async () => {
      child.kill(profileDir ? "SIGINT" : "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl) {
        const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
        if (!process.env.BENCH_KEEP)
          await admin.unsafe(`drop database if exists "${database}" with (force)`);
        await admin.end();
      }
    },
  };
}

/** Confirms each subscription a mail asks about, from its link, 10 at a time, as readers would. */
export async function confirmFromMails(baseUrl: string, mails: { text: string }[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = next++; i < mails.length; i = next++) {
        const url = new URL(linkIn(mails[i]!.text, "/public/subscriptions/confirm"));
        const response = await fetch(`${baseUrl}${url.pathname}${url.search}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "",
        });
        if (response.status !== 200) throw new Error(`confirm: ${response.status}`);
      }
    }),
  );
}

/** Runs first-run setup and answers the owner's session cookie. */
export async function signedInOwner(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      workspaceName: "Bench",
      name: "Bench Owner",
      email: "bench@example.com",
      password: "bench password 1",
    }),
  });
  if (response.status !== 201)
    throw new Error(`setup failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Creates something through the API as the signed-in owner; anything but 201 stops the benchmark. */
export function creator(baseUrl: string, cookie: string) {
  return async (path: string, body: unknown): Promise<{ id: string }> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
}

export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** `connections` clients requesting `url` back to back for `duration` seconds. */
export async function load(
  url: string,
  duration: number,
  {
    connections = 50,
    headers = {},
  }: { connections?: number; headers?: Record<string, string> } = {},
): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Each target loaded for `seconds` in total, in `roundSeconds` rounds taken in turn, so the
 * machine's drift hits them all alike. Rates are averaged over the rounds; p50 and p99 are the
 * median round's.
 */
export async function loadInTurns<K extends string>(
  targets: Record<K, { url: string; headers?: Record<string, string> }>,
  seconds: number,
  roundSeconds: number,
): Promise<Record<K, Figures>> {
  const keys = Object.keys(targets) as K[];
  const rounds = new Map<K, Figures[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < Math.max(1, Math.round(seconds / roundSeconds)); round++) {
    for (const key of keys) {
      const { url, headers } = targets[key];
      rounds.get(key)!.push(await load(url, roundSeconds, { headers }));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const combine = (list: Figures[]): Figures => ({
    rps: list.reduce((sum, f) => sum + f.rps, 0) / list.length,
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    errors: list.reduce((sum, f) => sum + f.errors, 0),
    non2xx: list.reduce((sum, f) => sum + f.non2xx, 0),
  });
  return Object.fromEntries(keys.map((key) => [key, combine(rounds.get(key)!)])) as Record<
    K,
    Figures
  >;
}

export type WriteTiming = { kind: string; answered: number; visible: number; dashboard: number };

/** Polls a URL until its body contains `text`; answers when that was first seen. */
async function seenAt(url: string, text: string, deadline: number): Promise<number> {
  for (;;) {
    const body = await (await fetch(url)).text();
    if (body.includes(text)) return Date.now();
    if (Date.now() > deadline) throw new Error(`${url} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An editor's writes through /v1, each timed from send to answer and from send to visible on
 * every one of `shownOn` (the public page and its JSON).
 */
export function editor(baseUrl: string, cookie: string, shownOn: Record<string, string>) {
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  // Each write leaves a text of its own on the page and in the JSON once it is published.
  const writes = [
    {
      kind: "incident created",
      write: (marker: string) =>
        send("POST", "/v1/incidents", {
          title: marker,
          impact: "minor",
          visibility: "published",
          body: "We are looking into it.",
        }),
    },
    {
      kind: "update posted",
      write: (marker: string, s: Subjects) =>
        send("POST", `/v1/incidents/${s.incidentId}/updates`, {
          status: "identified",
          body: marker,
        }),
    },
    {
      kind: "component changed",
      write: (marker: string, s: Subjects, n: number) =>
        send("PATCH", `/v1/components/${s.componentIds[n % s.componentIds.length]}`, {
          name: marker,
          status: n % 2 ? "operational" : "degraded_performance",
        }),
    },
  ];
  type Subjects = { incidentId: string; componentIds: string[] };
  const one = async (n: number, label: string, subjects: Subjects): Promise<WriteTiming> => {
    const { kind, write } = writes[n % writes.length]!;
    const marker = `Write ${label} ${n} ${Date.now().toString(36)}`;
    const sent = Date.now();
    const deadline = sent + 60_000;
    const visible = Promise.all(Object.values(shownOn).map((url) => seenAt(url, marker, deadline)));
    await write(marker, subjects, n);
    const answered = Date.now() - sent;
    // The editor's dashboard, reloaded once the write has answered: the page and its list.
    const reloaded = Date.now();
    for (const path of ["/dashboard/incidents", "/v1/incidents"]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      await response.arrayBuffer();
    }
    const dashboard = Date.now() - reloaded;
    return { kind, answered, visible: Math.max(...(await visible)) - sent, dashboard };
  };
  return {
    /** `count` writes started 1 s apart, whatever the earlier ones are still waiting for. */
    series: async (subjects: Subjects, count: number, label: string) => {
      const pending: Promise<WriteTiming>[] = [];
      for (let n = 0; n < count; n++) {
        pending.push(one(n, label, subjects));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      return Promise.all(pending);
    },
  };
}

/**
 * A public page of a realistic size: `components` components, those but the last four in
 * `groups.length` groups, `resolved` resolved incidents over the last days, and one open incident
 * with a major impact on the first component. Answers the components and the open incident.
 */
export async function seedPage(
  post: ReturnType<typeof creator>,
  { groups, components, resolved }: { groups: string[]; components: number; resolved: number },
) {
  const made = [];
  for (const name of groups) made.push(await post("/v1/component-groups", { name }));
  const list = [];
  for (let i = 0; i < components; i++) {
    list.push(
      await post("/v1/components", {
        name: `Component ${i + 1}`,
        description: `Service number ${i + 1}`,
        groupId: i < components - 4 ? made[i % made.length]!.id : null,
      }),
    );
  }
  for (let i = 0; i < resolved; i++) {
    await post("/v1/incidents", {
      title: `Resolved incident ${i + 1}`,
      impact: "minor",
      status: "resolved",
      visibility: "published",
      body: "Requests were **slow** for a while; a cache node was restarted.",
      startedAt: new Date(Date.now() - (i + 1) * 30 * 3_600_000).toISOString(),
    });
  }
  const active = await post("/v1/incidents", {
    title: "Elevated error rates",
    impact: "major",
    visibility: "published",
    body: "We are investigating elevated error rates.",
    components: [{ componentId: list[0]!.id, status: "partial_outage" }],
  });
  return { components: list, active };
}

/** A page as a team would dress it: an accent, links, a footer, a logo and a favicon. */
export async function brandPage(baseUrl: string, cookie: string) {
  const headers = { origin: baseUrl, cookie };
  const patched = await fetch(`${baseUrl}/v1/workspace`, {
    method: "PATCH",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      accentColor: "#6b21a8",
      headerLinks: [
        { label: "Home", url: "https://example.com/" },
        { label: "Docs", url: "https://docs.example.com/" },
      ],
      supportUrl: "mailto:help@example.com",
      footerText: "© Example Inc. · [Terms](https://example.com/terms)",
    }),
  });
  if (!patched.ok) throw new Error(`PATCH /v1/workspace: ${patched.status}`);
  // A 4 KiB logo and a favicon.
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><text x="0" y="30" font-size="28">Example</text>${"<!-- padding -->".repeat(250)}</svg>`;
  for (const kind of ["logo-light", "favicon"]) {
    const put = await fetch(`${baseUrl}/v1/workspace/images/${kind}`, {
      method: "PUT",
      headers: { ...headers, "content-type": "image/svg+xml" },
      body: logo,
    });
    if (!put.ok) throw new Error(`PUT ${kind}: ${put.status}`);
  }
}
