import { config } from "@/lib/config";
import { RateLimitedError } from "@/lib/errors";
import { sessionCookieName } from "@/lib/auth/auth";
import { readCookie } from "@/lib/auth/session";

const WINDOW_MS = 60_000;
const SWEEP_AT = 10_000;

type Window = { startedAt: number; count: number };

/**
 * Fixed one-minute windows counted in this process's memory: cheap enough for every request.
 * Several instances each allow the limit; DESIGN §2 states the limit per instance.
 */
class WindowLimiter {
  private readonly windows = new Map<string, Window>();

  /** Counts one request; answers the seconds to wait when the key is over `limit`. */
  hit(key: string, limit: number, now = Date.now()): number | null {
    if (this.windows.size > SWEEP_AT) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= limit) return null;
    return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key);
    }
  }
}

const store = globalThis as typeof globalThis & { __allclearApiLimiter?: WindowLimiter };

/** The visitor's address, from the header the front proxy sets (TRUST_PROXY_HEADER). */
export function clientAddress(headers: Headers): string | null {
  const value = headers.get(config().trustProxyHeader);
  return value?.split(",")[0]?.trim() || null;
}

/** API_RATE_LIMIT requests a minute per session (per address without one); 0 turns it off. */
export function limitApiRequest(request: Request): void {
  const limit = config().apiRateLimit;
  if (limit === 0) return;
  const session = readCookie(request.headers.get("cookie"), sessionCookieName());
  const key = session
    ? `session:${session}`
    : `address:${clientAddress(request.headers) ?? "unknown"}`;
  store.__allclearApiLimiter ??= new WindowLimiter();
  const retryAfter = store.__allclearApiLimiter.hit(key, limit);
  if (retryAfter !== null) throw new RateLimitedError(retryAfter);
}
