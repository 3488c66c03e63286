import { connect as tcpConnect, isIP, type Socket } from "node:net";
import { readFileSync } from "node:fs";
import { connect as tlsConnect, rootCertificates, type TLSSocket } from "node:tls";
import { Agent, request, type buildConnector } from "undici";
import { config } from "@/lib/config";
import { addressAllowed, resolveAllowed, TargetRefused } from "@/lib/net/targets";
import { judgeAssertions, readsBody, type AssertionOutcome } from "./assertions";
import type { Assertion, ErrorClass, Timings } from "./schemas";

export const USER_AGENT = "Allclear-Monitor/1.0";
export const MAX_REDIRECTS = 5;
export const MAX_BODY_BYTES = 1024 * 1024;

export type HttpCheckSpec = {
  url: string;
  method: string;
  expectedStatus: number[];
  keyword: string | null;
  timeoutMs: number;
  followRedirects: boolean;
  headers?: [name: string, value: string][];
  body?: string | null;
  /** The Authorization header's value (Basic or Bearer), sent to the monitored origin only. */
  authorization?: string | null;
  assertions?: Assertion[];
  degradedAboveMs?: number | null;
};

export type CheckOutcome = {
  status: "up" | "degraded" | "down";
  statusCode: number | null;
  error: { class: ErrorClass; message: string } | null;
  timings: Timings;
  /** The first assertion that failed, with the value it saw. */
  assertion?: { index: number; actual: string | null } | null;
  /** Every assertion's verdict (a test run shows them all). */
  assertions?: AssertionOutcome[];
  certificateExpiresAt?: string | null;
};

/**
 * The certificate authorities checks trust: the bundled roots, and those of MONITOR_CA_FILE (a
 * private CA), read once.
 */
let trusted: { file: string | undefined; ca: string[] } | undefined;
export function trustedAuthorities(): string[] | undefined {
  const file = config().monitorCaFile;
  if (!file) return undefined;
  if (trusted?.file !== file)
    trusted = { file, ca: [...rootCertificates, readFileSync(file, "utf8")] };
  return trusted.ca;
}

/** The certificate's notAfter as an ISO time, or null when the peer gave none. */
export function certificateExpiry(socket: TLSSocket): string | null {
  const validTo = socket.getPeerCertificate()?.valid_to;
  const at = validTo ? new Date(validTo) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

export class CheckFailure extends Error {
  constructor(
    readonly errorClass: ErrorClass,
    message: string,
  ) {
    super(message);
  }
}

type Phases = {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  certificateExpiresAt?: string | null;
};

const add = (a: number | null, b: number) => (a ?? 0) + b;

/**
 * A connector that resolves through the SSRF rules (the address connected to is the one just
 * allowed, on every connection, so on every redirect hop) and times DNS, TCP and TLS. Every
 * socket it opens is kept in `sockets` so the check's deadline can close it whatever state it is
 * in, and a deadline reached while connecting or in the TLS handshake fails the connection.
 */
function timedConnector(
  phases: Phases,
  deadline: AbortSignal,
  sockets: Set<Socket>,
): buildConnector.connector {
  return (options, callback) => {
    let answered = false;
    const answer = (error: Error | null, socket: Socket | null) => {
      if (answered) return;
      answered = true;
      deadline.removeEventListener("abort", onDeadline);
      if (error) callback(error, null);
      else callback(null, socket!);
    };
    const onDeadline = () =>
      answer(new CheckFailure("timeout", "No answer within the timeout."), null);
    if (deadline.aborted) return onDeadline();
    deadline.addEventListener("abort", onDeadline, { once: true });
    const host = options.hostname.replace(/^\[|\]$/g, "");
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    const dnsStarted = performance.now();
    const resolved = isIP(host)
      ? addressAllowed(host)
        ? Promise.resolve(host)
        : Promise.reject(new TargetRefused(`${host} is a private or reserved address.`))
      : resolveAllowed(host).then((addresses) => {
          phases.dnsMs = add(phases.dnsMs, performance.now() - dnsStarted);
          return addresses[0]!.address;
        });
    resolved.then(
      (address) => {
        // A lookup that ends after the deadline opens nothing.
        if (answered) return;
        const connectStarted = performance.now();
        const socket = tcpConnect({ host: address, port });
        sockets.add(socket);
        const fail = (error: Error) => {
          socket.destroy();
          answer(error, null);
        };
        socket.once("error", fail);
        socket.once("connect", () => {
          phases.connectMs = add(phases.connectMs, performance.now() - connectStarted);
          if (options.protocol !== "https:") {
            socket.off("error", fail);
            answer(null, socket);
            return;
          }
          const tlsStarted = performance.now();
          const secure = tlsConnect({
            socket,
            servername: isIP(host) ? undefined : host,
            ALPNProtocols: ["http/1.1"],
            ca: trustedAuthorities(),
          });
          sockets.add(secure);
          secure.once("error", (error) => {
            secure.destroy();
            fail(error);
          });
          secure.once("secureConnect", () => {
            phases.tlsMs = add(phases.tlsMs, performance.now() - tlsStarted);
            phases.certificateExpiresAt = certificateExpiry(secure);
            secure.removeAllListeners("error");
            socket.off("error", fail);
            answer(null, secure);
          });
        });
      },
      (error: Error) => answer(error, null),
    );
  };
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH)/;

/**
 * The error class of what went wrong on the way to an answer (docs/design.md §8); an error that is not a
 * network or protocol failure is `checker_error`.
 */
export function classify(
  error: unknown,
  timedOut: boolean,
): { class: ErrorClass; message: string } {
  const chain: Error[] = [];
  for (let e = error as Error | undefined; e && chain.length < 5; e = e.cause as Error) {
    chain.push(e);
  }
  const first = chain[0];
  const message = first?.message || String(error);
  if (timedOut) return { class: "timeout", message: "No answer within the timeout." };
  for (const e of chain) {
    if (e instanceof CheckFailure) return { class: e.errorClass, message: e.message };
    if (e instanceof TargetRefused) {
      return {
        class: /does not resolve/.test(e.message) ? "dns_failure" : "blocked_address",
        message: e.message,
      };
    }
    const code = (e as { code?: string }).code ?? "";
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA" || code === "EAI_FAIL")
      return { class: "dns_failure", message: e.message };
    if (code === "ECONNREFUSED") return { class: "connection_refused", message: e.message };
    if (TLS_CODES.test(code)) return { class: "tls_error", message: e.message };
    if (
      code === "ECONNRESET" ||
      code === "EPIPE" ||
      code === "UND_ERR_SOCKET" ||
      code === "UND_ERR_CLOSED"
    )
      return { class: "connection_reset", message: e.message };
    if (code === "ETIMEDOUT" || e.name === "TimeoutError" || code === "UND_ERR_HEADERS_TIMEOUT")
      return { class: "timeout", message: "No answer within the timeout." };
  }
  // Anything else is not the target's doing but ours (a bug): it must never read as "down".
  return { class: "checker_error", message };
}

/** Why a URL cannot be checked (only http(s), no credentials), or null when it can. */
export function uncheckableBecause(url: URL): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `Only http and https can be checked, not ${url.protocol}`;
  }
  if (url.username || url.password) return "The URL must not contain credentials.";
  return null;
}

function checkedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new CheckFailure("invalid_url", `Not a URL: ${raw.slice(0, 200)}`);
  }
  const problem = uncheckableBecause(url);
  if (problem) throw new CheckFailure("invalid_url", problem);
  return url;
}

/** The first MAX_BODY_BYTES of the answer, as text. */
async function bodyText(body: AsyncIterable<Uint8Array>): Promise<string> {
  const pieces: Buffer[] = [];
  let read = 0;
  for await (const chunk of body) {
    const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).subarray(
      0,
      MAX_BODY_BYTES - read,
    );
    pieces.push(Buffer.from(piece));
    read += piece.length;
    if (read >= MAX_BODY_BYTES) break;
  }
  return Buffer.concat(pieces).toString("utf8");
}

/**
 * Whether `keyword` occurs in the first MAX_BODY_BYTES of the answer, read as it streams: only
 * the piece at hand and the keyword's length before it are held, never the whole answer.
 */
async function bodyContains(body: AsyncIterable<Uint8Array>, keyword: string): Promise<boolean> {
  const needle = Buffer.from(keyword, "utf8");
  let carried = Buffer.alloc(0);
  let read = 0;
  for await (const chunk of body) {
    const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).subarray(
      0,
      MAX_BODY_BYTES - read,
    );
    read += piece.length;
    const window = carried.length ? Buffer.concat([carried, piece]) : piece;
    if (window.includes(needle)) return true;
    if (read >= MAX_BODY_BYTES) break;
    // A copy, so the piece itself can be freed: a match may begin in its last bytes.
    carried = Buffer.from(window.subarray(Math.max(0, window.length - needle.length + 1)));
  }
  return false;
}

/**
 * One check of a URL: redirects followed by hand (at most MAX_REDIRECTS), every connection
 * through the SSRF rules, one deadline for all of it (lookup, connect, TLS, headers, body). At the
 * deadline the check settles as a timeout and every socket it opened is closed, whatever the
 * target is doing, so a check always ends. Never throws.
 */
export async function performCheck(spec: HttpCheckSpec): Promise<CheckOutcome> {
  const started = performance.now();
  const phases: Phases = { dnsMs: null, connectMs: null, tlsMs: null, certificateExpiresAt: null };
  let firstByteMs: number | null = null;
  const sockets = new Set<Socket>();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), spec.timeoutMs);
  const agent = new Agent({
    connect: timedConnector(phases, deadline.signal, sockets),
    pipelining: 0,
    keepAliveTimeout: 1,
  });
  const finish = (
    status: "up" | "down",
    statusCode: number | null,
    error: CheckOutcome["error"],
    judged: AssertionOutcome[] = [],
  ): CheckOutcome => {
    const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
    const totalMs = Math.round(performance.now() - started);
    const failed = judged.find((a) => !a.passed);
    const slow = status === "up" && spec.degradedAboveMs != null && totalMs > spec.degradedAboveMs;
    return {
      status: slow ? "degraded" : status,
      statusCode,
      error,
      assertion: failed ? { index: failed.index, actual: failed.actual } : null,
      assertions: judged,
      certificateExpiresAt: phases.certificateExpiresAt ?? null,
      timings: {
        dnsMs: round(phases.dnsMs),
        connectMs: round(phases.connectMs),
        tlsMs: round(phases.tlsMs),
        firstByteMs: round(firstByteMs),
        totalMs,
      },
    };
  };
  const timedOut = new Promise<CheckOutcome>((resolve) =>
    deadline.signal.addEventListener(
      "abort",
      () =>
        resolve(
          finish("down", null, { class: "timeout", message: "No answer within the timeout." }),
        ),
      { once: true },
    ),
  );
  const exchange = async (): Promise<CheckOutcome> => {
    try {
      let url = checkedUrl(spec.url);
      const origin = url.origin;
      let method = spec.method;
      let body = spec.body ?? null;
      for (let hop = 0; ; hop++) {
        // The monitor's own headers and credentials go to its origin only, never to a redirect's.
        const own = url.origin === origin;
        const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "*/*" };
        if (own) {
          for (const [name, value] of spec.headers ?? []) headers[name.toLowerCase()] = value;
          if (spec.authorization) headers.authorization = spec.authorization;
        }
        const response = await request(url, {
          method: method as "GET",
          headers,
          // The body is the monitor's secret too: it goes to the monitored origin only.
          body: own ? (body ?? undefined) : undefined,
          dispatcher: agent,
          signal: deadline.signal,
          headersTimeout: spec.timeoutMs,
          bodyTimeout: spec.timeoutMs,
          maxRedirections: 0,
        } as Parameters<typeof request>[1]);
        firstByteMs = performance.now() - started;
        const location = response.headers.location;
        const redirect = [301, 302, 303, 307, 308].includes(response.statusCode) && location;
        if (spec.followRedirects && redirect) {
          await response.body.dump({ limit: MAX_BODY_BYTES }).catch(() => {});
          if (hop + 1 > MAX_REDIRECTS) {
            throw new CheckFailure(
              "too_many_redirects",
              `More than ${MAX_REDIRECTS} redirects (last to ${String(location).slice(0, 200)}).`,
            );
          }
          url = checkedUrl(String(location), url);
          if (response.statusCode === 303 || (response.statusCode <= 302 && method === "POST")) {
            method = method === "HEAD" ? "HEAD" : "GET";
            body = null;
          }
          continue;
        }
        const statusCode = response.statusCode;
        if (!spec.expectedStatus.includes(statusCode)) {
          await response.body.dump({ limit: MAX_BODY_BYTES }).catch(() => {});
          return finish("down", statusCode, {
            class: "unexpected_status",
            message: `HTTP ${statusCode}; expected ${spec.expectedStatus.join(", ")}.`,
          });
        }
        const assertions = spec.assertions ?? [];
        const keywordMissing = (found: boolean) =>
          found
            ? null
            : {
                class: "keyword_missing" as const,
                message: `"${spec.keyword!.slice(0, 100)}" is not in the first 1 MiB of the answer.`,
              };
        let text: string | null = null;
        if (readsBody(assertions) && method !== "HEAD") {
          text = await bodyText(response.body);
          response.body.destroy();
          if (spec.keyword !== null) {
            const missing = keywordMissing(text.includes(spec.keyword));
            if (missing) return finish("down", statusCode, missing);
          }
        } else if (spec.keyword !== null && method !== "HEAD") {
          const found = await bodyContains(response.body, spec.keyword);
          response.body.destroy();
          const missing = keywordMissing(found);
          if (missing) return finish("down", statusCode, missing);
        } else {
          await response.body.dump({ limit: MAX_BODY_BYTES }).catch(() => {});
        }
        if (!assertions.length) return finish("up", statusCode, null);
        const judged = judgeAssertions(assertions, {
          statusCode,
          headers: response.headers,
          body: text,
        });
        const failed = judged.find((a) => !a.passed);
        if (!failed) return finish("up", statusCode, null, judged);
        const a = assertions[failed.index]!;
        return finish(
          "down",
          statusCode,
          {
            class: "assertion_failed",
            message:
              `Assertion ${failed.index + 1} (${a.source}${a.property ? ` ${a.property}` : ""} ${a.comparison}` +
              `${a.target !== undefined ? ` ${JSON.stringify(a.target)}` : ""}) does not hold: ` +
              `${failed.actual === null ? "no value" : JSON.stringify(failed.actual)}.`,
          },
          judged,
        );
      }
    } catch (error) {
      return finish("down", null, classify(error, deadline.signal.aborted));
    }
  };
  try {
    // The deadline settles the check even where the client library would not.
    return await Promise.race([exchange(), timedOut]);
  } finally {
    clearTimeout(timer);
    deadline.abort();
    // TLS layers before the sockets under them: destroying a socket under a live handshake
    // crashes Node 20.
    for (const socket of [...sockets].reverse()) socket.destroy();
    agent.destroy().catch(() => {});
  }
}
