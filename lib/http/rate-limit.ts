import { config } from "@/lib/config";
import { RateLimitedError } from "@/lib/errors";
import { visitorKey } from "./client-address";

const WINDOW_MS = 60_000;
/** Keys counted at once; past it the oldest window is forgotten, so memory stays bounded. */
export const MAX_TRACKED_KEYS = 50_000;

type Window = { startedAt: number; count: number };

/**
 * Fixed one-minute windows counted in this process's memory: cheap enough for every request.
 * Several instances each allow the limit; docs/design.md §2 states the limit per instance.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, Window>();
  // Windows in the order they started, so the oldest is always at the head: expiry and eviction
  // look only there. A key whose window restarts is listed again; its stale listing is skipped.
  // (Deleting from the front of a Map instead leaves V8 scanning tombstones: O(n) per request.)
  private order: { key: string; window: Window }[] = [];
  private head = 0;

  constructor(private readonly maxKeys = MAX_TRACKED_KEYS) {}

  get size(): number {
    return this.windows.size;
  }

  /** Counts one request; answers the seconds to wait when the key is over `limit`. */
  hit(key: string, limit: number, now = Date.now()): number | null {
    this.dropWhile((window) => now - window.startedAt >= WINDOW_MS);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      this.order.push({ key, window });
      if (this.windows.size > this.maxKeys) this.dropWhile(() => this.windows.size > this.maxKeys);
    }
    window.count += 1;
    if (window.count <= limit) return null;
    return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  }

  /** Answers the seconds to wait when the key is already over `limit`, without counting. */
  peek(key: string, limit: number, now = Date.now()): number | null {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS || window.count < limit) return null;
    return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  }

  /** Forgets the oldest windows while `drop` holds for the oldest one. */
  private dropWhile(drop: (oldest: Window) => boolean) {
    while (this.head < this.order.length) {
      const { key, window } = this.order[this.head]!;
      const current = this.windows.get(key) === window;
      if (current && !drop(window)) break;
      if (current) this.windows.delete(key);
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}

const store = globalThis as typeof globalThis & { __allclearApiLimiter?: WindowLimiter };

/**
 * API_RATE_LIMIT requests a minute per caller (a session or an API token, as `callerKey` names
 * it), or per visitor address for requests without genuine credentials (a made-up cookie or
 * token gets no allowance of its own); 0 turns it off.
 */
export function limitApiRequest(request: Request, callerKey: string | null): void {
  const limit = config().apiRateLimit;
  if (limit === 0) return;
  const key = callerKey ?? `address:${visitorKey(request.headers)}`;
  store.__allclearApiLimiter ??= new WindowLimiter();
  const retryAfter = store.__allclearApiLimiter.hit(key, limit);
  if (retryAfter !== null) throw new RateLimitedError(retryAfter);
}
