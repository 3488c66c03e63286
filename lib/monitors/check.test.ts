import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { classify, performCheck, USER_AGENT, type HttpCheckSpec as CheckSpec } from "./check";

let target: Server;
let base = "";
const seen: { method: string; path: string; agent: string }[] = [];

beforeAll(async () => {
  target = createServer((request, response) => {
    const path = request.url ?? "/";
    seen.push({ method: request.method!, path, agent: request.headers["user-agent"] ?? "" });
    const redirect = (to: string, status = 302) => {
      response.writeHead(status, { location: to });
      response.end();
    };
    if (path === "/ok") return response.end("all systems go");
    if (path === "/status/503") return (response.writeHead(503), response.end("down"));
    if (path === "/slow") return void setTimeout(() => response.end("late"), 3_000);
    if (path === "/reset") return void request.socket.destroy();
    if (path === "/loop") return redirect("/loop");
    if (path.startsWith("/hops/")) {
      const left = Number(path.slice(6));
      return left > 0 ? redirect(`/hops/${left - 1}`) : response.end("arrived");
    }
    if (path === "/see-other") return redirect("/ok", 303);
    if (path === "/to-metadata") return redirect("http://169.254.169.254/latest/meta-data/");
    if (path === "/stall-after-900k") {
      // Most of a MiB without the keyword, then nothing more until the check gives up.
      response.write("x".repeat(900 * 1024));
      return;
    }
    if (path === "/split") {
      response.write("x".repeat(64 * 1024 - 3) + "nee");
      return void setTimeout(() => response.end("dle and more"), 20);
    }
    if (path === "/big") {
      response.write("x".repeat(2 * 1024 * 1024));
      return response.end("needle");
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => target.close(resolve)));

function allowPrivate(allowed: boolean) {
  process.env.ALLOW_PRIVATE_TARGETS = String(allowed);
  resetConfig();
}

afterEach(() => allowPrivate(true));

const spec = (path: string, extra: Partial<CheckSpec> = {}): CheckSpec => ({
  url: path.startsWith("http") ? path : `${base}${path}`,
  method: "GET",
  expectedStatus: [200],
  keyword: null,
  timeoutMs: 1_000,
  followRedirects: true,
  ...extra,
});

describe("one check", () => {
  beforeAll(() => allowPrivate(true));

  it("passes on an expected status, with phase timings and its user agent", async () => {
    const outcome = await performCheck(spec("/ok", { keyword: "systems go" }));
    expect(outcome).toMatchObject({ status: "up", statusCode: 200, error: null });
    expect(outcome.timings.connectMs).toBeGreaterThanOrEqual(0);
    expect(outcome.timings.dnsMs).toBeNull(); // an IP literal needs no lookup
    expect(outcome.timings.firstByteMs).toBeLessThanOrEqual(outcome.timings.totalMs);
    expect(seen.at(-1)!.agent).toBe(USER_AGENT);
  });

  it("times the lookup of a name", async () => {
    const outcome = await performCheck(spec(`${base.replace("127.0.0.1", "localhost")}/ok`));
    expect(outcome.status).toBe("up");
    expect(outcome.timings.dnsMs).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ["a wrong status", "/status/503", {}, "unexpected_status", 503],
    ["a missing keyword", "/ok", { keyword: "maintenance" }, "keyword_missing", 200],
    ["a keyword past the first MiB", "/big", { keyword: "needle" }, "keyword_missing", 200],
    ["a slow answer past timeoutMs", "/slow", {}, "timeout", null],
    ["a reset connection", "/reset", {}, "connection_reset", null],
    ["a redirect loop", "/loop", {}, "too_many_redirects", null],
    ["six redirects", "/hops/6", {}, "too_many_redirects", null],
    ["a redirect to a metadata address", "/to-metadata", {}, "blocked_address", null],
    ["a URL of another scheme", "ftp://127.0.0.1/x", {}, "invalid_url", null],
  ] as const)("fails on %s", async (_, path, extra, errorClass, statusCode) => {
    const outcome = await performCheck(spec(path, extra));
    expect(outcome).toMatchObject({ status: "down", statusCode, error: { class: errorClass } });
    expect(outcome.error!.message.length).toBeGreaterThan(0);
  });

  it("keeps one deadline for the whole check", async () => {
    const started = Date.now();
    const outcome = await performCheck(spec("/slow", { timeoutMs: 1_000 }));
    expect(outcome.error!.class).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_800);
  });

  it("settles a handshake that stalls as a timeout within the deadline, and closes the socket", async () => {
    // Accepts the connection and never answers the ClientHello.
    const held = new Set<Socket>();
    const closed: Promise<void>[] = [];
    const stalling = createTcpServer((socket) => {
      held.add(socket);
      socket.resume(); // reads (and drops) the ClientHello, so the other side's close is seen
      closed.push(new Promise((resolve) => socket.once("close", () => resolve())));
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const port = (stalling.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const outcome = await Promise.race([
        performCheck(spec(`https://127.0.0.1:${port}/`, { timeoutMs: 1_000 })),
        new Promise<"still running">((resolve) =>
          setTimeout(() => resolve("still running"), 5_000),
        ),
      ]);
      expect(outcome).not.toBe("still running");
      expect(outcome).toMatchObject({ status: "down", error: { class: "timeout" } });
      expect(Date.now() - started).toBeLessThan(1_800);
      expect(held.size).toBe(1);
      // Our side closed the connection: the server sees it end without closing anything itself.
      await Promise.race([
        Promise.all(closed),
        new Promise((_, reject) => setTimeout(() => reject(new Error("socket left open")), 2_000)),
      ]);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it("finds a keyword split across the pieces of the answer", async () => {
    const outcome = await performCheck(spec("/split", { keyword: "needle" }));
    expect(outcome).toMatchObject({ status: "up", error: null });
  });

  it("holds only a small window of the answer while it looks for the keyword", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const CHECKS = 20;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    const running = Array.from({ length: CHECKS }, () =>
      performCheck(spec("/stall-after-900k", { keyword: "needle", timeoutMs: 4_000 })),
    );
    // Once every check has read its 900 KiB and waits for more, only what the checks hold is
    // left: the least of several readings leaves out what the streams had not yet handed on.
    let held = Infinity;
    for (let reading = 0; reading < 10; reading++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (reading < 3) continue;
      gc();
      held = Math.min(held, (process.memoryUsage().arrayBuffers - before) / CHECKS);
    }
    const outcomes = await Promise.all(running);
    expect(outcomes.every((o) => o.error?.class === "timeout")).toBe(true);
    expect(held).toBeLessThan(256 * 1024);
  });

  it("fails on a refused port", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await performCheck(spec(`http://127.0.0.1:${port}/`));
    expect(outcome.error!.class).toBe("connection_refused");
  });

  it("fails on a name that does not resolve", async () => {
    const outcome = await performCheck(spec("http://no-such-host.invalid/"));
    expect(outcome.error!.class).toBe("dns_failure");
  });

  it("follows five redirects, and 303 turns into GET", async () => {
    expect((await performCheck(spec("/hops/5"))).status).toBe("up");
    await performCheck(spec("/see-other", { method: "POST" }));
    expect(seen.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /see-other",
      "GET /ok",
    ]);
  });

  it("judges the redirect itself when redirects are not followed", async () => {
    const outcome = await performCheck(
      spec("/loop", { followRedirects: false, expectedStatus: [302] }),
    );
    expect(outcome).toMatchObject({ status: "up", statusCode: 302 });
  });
});

describe("with private targets refused", () => {
  beforeEach(() => allowPrivate(false));

  it.each([
    ["a name resolving to 127.0.0.1", () => base.replace("127.0.0.1", "localhost")],
    ["a loopback address", () => base],
  ])("refuses %s before connecting", async (_, url) => {
    const before = seen.length;
    const outcome = await performCheck(spec(`${url()}/ok`));
    expect(outcome.error!.class).toBe("blocked_address");
    expect(seen.length).toBe(before);
  });
});

describe("error classes", () => {
  it("calls an error that is not the network's a checker_error, never a fault of the target", () => {
    expect(classify(new TypeError("Cannot read properties of undefined"), false).class).toBe(
      "checker_error",
    );
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(classify(new Error("fetch failed", { cause: reset }), false).class).toBe(
      "connection_reset",
    );
    expect(classify(new Error("anything"), true).class).toBe("timeout");
  });
});
