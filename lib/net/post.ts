import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, request } from "undici";
import { isIP } from "node:net";
import { addressAllowed, assertAllowedTarget, resolveAllowed, TargetRefused } from "./targets";

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Name resolution for outgoing connections: the socket connects to an address this check just
 * allowed, so a name cannot pass the check with one address and connect to another.
 */
function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  resolveAllowed(hostname).then(
    (addresses) => {
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (error: Error) => callback(error, ""),
  );
}

const store = globalThis as typeof globalThis & { __allclearAgent?: Agent };
function agent(): Agent {
  store.__allclearAgent ??= new Agent({
    connect: { lookup: checkedLookup as never, timeout: 8_000 },
    keepAliveTimeout: 10_000,
  });
  return store.__allclearAgent;
}

export type PostResult =
  | {
      kind: "answer";
      status: number;
      headers: Record<string, string | string[] | undefined>;
      text: string;
      latencyMs: number;
    }
  | { kind: "error"; error: string; latencyMs: number; refused: boolean };

const KEEP_BYTES = 2048;

/** POSTs `body` with a deadline, following no redirects; answers the status and the start of the body. */
export async function postOutgoing(
  url: string,
  {
    body,
    headers,
    timeoutMs,
  }: { body: string; headers: Record<string, string>; timeoutMs: number },
): Promise<PostResult> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    // Names are checked by the lookup hook on every new connection; IP literals never reach it,
    // so they are checked here (without any DNS).
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !addressAllowed(host)) {
      throw new TargetRefused(`${host} is a private or reserved address.`);
    }
    const response = await request(url, {
      method: "POST",
      headers,
      body,
      dispatcher: agent(),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    let text = "";
    for await (const chunk of response.body) {
      if (text.length < KEEP_BYTES) text += Buffer.from(chunk as Uint8Array).toString("utf8");
    }
    return {
      kind: "answer",
      status: response.statusCode,
      headers: response.headers,
      text: text.slice(0, KEEP_BYTES),
      latencyMs: latencyMs(),
    };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === "TimeoutError" ||
      name === "AbortError" ||
      name === "HeadersTimeoutError" ||
      name === "BodyTimeoutError"
        ? `No answer within ${timeoutMs / 1000} s.`
        : (error as Error).message || String(error);
    const refused =
      error instanceof TargetRefused ||
      (error as { cause?: unknown }).cause instanceof TargetRefused;
    return { kind: "error", error: message, latencyMs: latencyMs(), refused };
  }
}

/** At most this much of an answer is read when fetching JSON from another service. */
const MAX_JSON_BYTES = 20 * 1024 * 1024;

/**
 * GETs JSON from another service through the same guard as every outgoing request (its target
 * allowed, every connection to an allowed address, no redirects). Throws an Error that says
 * what went wrong, in words fit for whoever gave the address.
 */
export async function getJsonOutgoing(
  url: string,
  {
    headers = {},
    timeoutMs = 15_000,
  }: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  await assertAllowedTarget(url);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !addressAllowed(host)) {
    throw new TargetRefused(`${host} is a private or reserved address.`);
  }
  let response;
  try {
    response = await request(url, {
      method: "GET",
      headers: { accept: "application/json", ...headers },
      dispatcher: agent(),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof TargetRefused || cause instanceof TargetRefused) {
      throw new TargetRefused(((cause as Error | undefined) ?? (error as Error)).message);
    }
    const name = (error as Error).name;
    throw new Error(
      name === "TimeoutError" || name === "AbortError" || name.endsWith("TimeoutError")
        ? `${url} did not answer within ${timeoutMs / 1000} s.`
        : `${url} could not be reached: ${(error as Error).message}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Uint8Array).length;
    if (size > MAX_JSON_BYTES) {
      response.body.destroy();
      throw new Error(`${url} answered more than ${MAX_JSON_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  if (response.statusCode === 401 || response.statusCode === 403) {
    throw new Error(`${url} refused the key (${response.statusCode}).`);
  }
  if (response.statusCode >= 300) {
    throw new Error(`${url} answered ${response.statusCode}.`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Error(`${url} did not answer JSON.`);
  }
}
