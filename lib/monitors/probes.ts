import { Resolver } from "node:dns/promises";
import { connect as tcpConnect, isIP, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { config } from "@/lib/config";
import { addressAllowed, resolveAllowed, TargetRefused } from "@/lib/net/targets";
import {
  certificateExpiry,
  CheckFailure,
  classify,
  performCheck,
  trustedAuthorities,
  type CheckOutcome,
  type HttpCheckSpec,
} from "./check";

export type TcpCheckSpec = {
  host: string;
  port: number;
  tls: boolean;
  timeoutMs: number;
};

export type DnsCheckSpec = {
  name: string;
  recordType: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS";
  expected: string[];
  timeoutMs: number;
};

export type HeartbeatCheckSpec = {
  windowMs: number;
  lastPingAt: Date | null;
  pingFailed: boolean;
  /** Since when pings are expected: the monitor's creation, or its resumption. */
  expectedSince: Date;
};

export type CheckSpec =
  | ({ type: "http" } & HttpCheckSpec)
  | ({ type: "tcp" } & TcpCheckSpec)
  | ({ type: "dns" } & DnsCheckSpec)
  | ({ type: "heartbeat" } & HeartbeatCheckSpec);

type Timed = { dnsMs: number | null; connectMs: number | null; tlsMs: number | null };

function outcome(
  started: number,
  phases: Timed,
  status: "up" | "down",
  error: CheckOutcome["error"],
  extra: Partial<CheckOutcome> = {},
): CheckOutcome {
  const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
  return {
    status,
    statusCode: null,
    error,
    timings: {
      dnsMs: round(phases.dnsMs),
      connectMs: round(phases.connectMs),
      tlsMs: round(phases.tlsMs),
      firstByteMs: null,
      totalMs: Math.round(performance.now() - started),
    },
    assertion: null,
    certificateExpiresAt: null,
    ...extra,
  };
}

/**
 * A TCP check: up when a connection (and, with `tls`, a verified handshake) is made within the
 * timeout. The address connected to is the one the SSRF rules just allowed. Never throws.
 */
export async function checkTcp(spec: TcpCheckSpec): Promise<CheckOutcome> {
  const started = performance.now();
  const phases: Timed = { dnsMs: null, connectMs: null, tlsMs: null };
  const sockets: Socket[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailure("timeout", "No answer within the timeout.")),
      spec.timeoutMs,
    );
  });
  const attempt = async (): Promise<CheckOutcome> => {
    const host = spec.host.replace(/^\[|\]$/g, "");
    let address = host;
    if (isIP(host)) {
      if (!addressAllowed(host))
        throw new TargetRefused(`${host} is a private or reserved address.`);
    } else {
      const dnsStarted = performance.now();
      address = (await resolveAllowed(host))[0]!.address;
      phases.dnsMs = performance.now() - dnsStarted;
    }
    const connectStarted = performance.now();
    const socket = tcpConnect({ host: address, port: spec.port });
    sockets.push(socket);
    // Errors are listened to for the socket's whole life: one after the verdict must not crash.
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.on("error", reject);
    });
    phases.connectMs = performance.now() - connectStarted;
    if (!spec.tls) return outcome(started, phases, "up", null);
    const tlsStarted = performance.now();
    const secure = tlsConnect({
      socket,
      servername: isIP(host) ? undefined : host,
      ca: trustedAuthorities(),
    });
    sockets.push(secure);
    await new Promise<void>((resolve, reject) => {
      secure.once("secureConnect", resolve);
      secure.on("error", reject);
    });
    phases.tlsMs = performance.now() - tlsStarted;
    return outcome(started, phases, "up", null, {
      certificateExpiresAt: certificateExpiry(secure),
    });
  };
  try {
    return await Promise.race([attempt(), deadline]);
  } catch (error) {
    return outcome(started, phases, "down", classify(error, false));
  } finally {
    clearTimeout(timer);
    // The TLS layer first: destroying the socket under a live handshake crashes Node 20.
    for (const socket of sockets.reverse()) socket.destroy();
  }
}

const normalize = (value: string) => value.trim().toLowerCase().replace(/\.$/, "");

/** The answer's values as text: addresses, names, MX exchanges, TXT strings joined. */
async function lookUp(resolver: Resolver, spec: DnsCheckSpec): Promise<string[]> {
  switch (spec.recordType) {
    case "A":
      return resolver.resolve4(spec.name);
    case "AAAA":
      return resolver.resolve6(spec.name);
    case "CNAME":
      return resolver.resolveCname(spec.name);
    case "NS":
      return resolver.resolveNs(spec.name);
    case "MX":
      return (await resolver.resolveMx(spec.name)).map((mx) => mx.exchange);
    case "TXT":
      return (await resolver.resolveTxt(spec.name)).map((chunks) => chunks.join(""));
  }
}

/**
 * A DNS check through the system's resolver (or MONITOR_DNS_SERVERS): up when the name has
 * records of the type and, with `expected`, the answer holds every expected value (compared
 * without case or a trailing dot). No connection to the name is made. Never throws.
 */
export async function checkDns(spec: DnsCheckSpec): Promise<CheckOutcome> {
  const started = performance.now();
  const phases: Timed = { dnsMs: null, connectMs: null, tlsMs: null };
  const resolver = new Resolver({ timeout: spec.timeoutMs, tries: 1 });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(new CheckFailure("timeout", "No answer within the timeout."));
    }, spec.timeoutMs);
  });
  try {
    const servers = config().monitorDnsServers;
    if (servers) resolver.setServers(servers);
    const values = await Promise.race([lookUp(resolver, spec), deadline]);
    phases.dnsMs = performance.now() - started;
    const answer = new Set(values.map(normalize));
    const missing = spec.expected.filter((value) => !answer.has(normalize(value)));
    if (missing.length) {
      return outcome(started, phases, "down", {
        class: "unexpected_answer",
        message: `${spec.recordType} ${spec.name} answers ${values.join(", ").slice(0, 300) || "nothing"}; missing ${missing.join(", ").slice(0, 200)}.`,
      });
    }
    return outcome(started, phases, "up", null);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ECANCELLED" || code === "ETIMEOUT") {
      return outcome(started, phases, "down", {
        class: "timeout",
        message: "No answer within the timeout.",
      });
    }
    if (
      code &&
      /^(ENOTFOUND|ENODATA|ESERVFAIL|EREFUSED|ENONAME|EBADRESP|ECONNREFUSED)$/.test(code)
    ) {
      return outcome(started, phases, "down", {
        class: "dns_failure",
        message: `${spec.recordType} ${spec.name}: ${code}`,
      });
    }
    return outcome(started, phases, "down", classify(error, false));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A heartbeat's verdict at this moment: down when the job reported a failure, or when no ping
 * came within the window (period + grace) of the last, or of `expectedSince` before the first;
 * null while the first ping is not due yet (no verdict, nothing recorded).
 */
export function judgeHeartbeat(spec: HeartbeatCheckSpec, now = Date.now()): CheckOutcome | null {
  const phases: Timed = { dnsMs: null, connectMs: null, tlsMs: null };
  const started = performance.now();
  if (spec.pingFailed && spec.lastPingAt && spec.lastPingAt >= spec.expectedSince) {
    return outcome(started, phases, "down", {
      class: "heartbeat_failed",
      message: `The job reported a failure at ${spec.lastPingAt?.toISOString() ?? "an unknown time"}.`,
    });
  }
  // Pings from before the monitor began (or was last edited or resumed) say nothing of now.
  const pinged = spec.lastPingAt && spec.lastPingAt >= spec.expectedSince ? spec.lastPingAt : null;
  const from = pinged ?? spec.expectedSince;
  if (now - from.getTime() <= spec.windowMs) {
    return pinged ? outcome(started, phases, "up", null) : null;
  }
  return outcome(started, phases, "down", {
    class: "heartbeat_missed",
    message: pinged
      ? `No ping since ${pinged.toISOString()}; one was due within ${spec.windowMs / 1000} s.`
      : `No ping since the monitor began; one was due within ${spec.windowMs / 1000} s.`,
  });
}

/** One check of any type; null when a heartbeat has no verdict yet. Never throws. */
export async function checkOnce(spec: CheckSpec): Promise<CheckOutcome | null> {
  switch (spec.type) {
    case "http":
      return performCheck(spec);
    case "tcp":
      return checkTcp(spec);
    case "dns":
      return checkDns(spec);
    case "heartbeat":
      return judgeHeartbeat(spec);
  }
}
