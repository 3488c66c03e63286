import { dataGeneration } from "@/lib/changes/changes";
import { logError } from "@/lib/log";

/** How old a copy may get before it is read again, for writes no signal reported. */
export const EXPIRY_MS = 1_000;
/** How long a read waits for fresh data before it takes the last copy (a database not answering). */
export const WAIT_MS = 1_000;
/** How many copies are kept (the snapshot, history pages, older incidents' pages). */
const MAX_ENTRIES = 500;

type Entry<T> = {
  generation: number;
  loadedAt: number;
  failedAt?: number;
  value?: { current: T };
  loading?: { generation: number; promise: Promise<T> };
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Copies of public data kept in memory, each for the generation of the data it was read in:
 * - a change (this process's commit, or another instance's NOTIFY) makes the next read wait for
 *   a fresh copy, so what was just published shows at once;
 * - a copy older than EXPIRY_MS is served once more while a fresh one is read in the background;
 * - concurrent reads of one key share one load (single flight);
 * - while loads fail or hang (the database is unreachable), the last good copy is served at
 *   once, a new attempt is made at most every EXPIRY_MS, and the outage is logged once rather
 *   than per request.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private failingSince: number | null = null;

  constructor(
    private readonly name: string,
    private readonly generation: () => number = () => dataGeneration(),
  ) {}

  /**
   * The copy a read may take without waiting (an old one starts a refresh in the background),
   * or undefined when the data changed since it was read and the read must wait for `get`.
   */
  peek(key: string, load: () => Promise<T>): T | undefined {
    const entry = this.entries.get(key);
    if (!entry?.value) return undefined;
    const generation = this.generation();
    const last = entry.value.current;
    const now = Date.now();
    const current = entry.generation === generation;
    const failedRecently = entry.failedAt !== undefined && now - entry.failedAt < EXPIRY_MS;
    if ((current && now - entry.loadedAt < EXPIRY_MS) || failedRecently) return last;
    if (!current) return undefined;
    this.refresh(entry, generation, load).catch(() => {});
    return last;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const ready = this.peek(key, load);
    if (ready !== undefined) return ready;
    const generation = this.generation();
    const entry = this.entry(key);
    if (!entry.value) return this.refresh(entry, generation, load);
    const last = entry.value.current;
    const refreshing = this.refresh(entry, generation, load).catch(() => last);
    return Promise.race([refreshing, pause(WAIT_MS).then(() => last)]);
  }

  /**
   * A copy from elsewhere (one saved before a restart), of no generation: like any out-of-date
   * copy, it is served only when a fresh read fails or keeps the request waiting past WAIT_MS.
   */
  seed(key: string, value: T): void {
    const entry = this.entry(key);
    entry.value ??= { current: value };
  }

  /** Forgets every copy (tests, or a deployment that was set up). */
  clear(): void {
    this.entries.clear();
  }

  private entry(key: string): Entry<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { generation: -1, loadedAt: 0 };
      this.entries.set(key, entry);
      if (this.entries.size > MAX_ENTRIES) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    return entry;
  }

  private refresh(entry: Entry<T>, generation: number, load: () => Promise<T>): Promise<T> {
    if (entry.loading && entry.loading.generation >= generation) return entry.loading.promise;
    const promise = load().then(
      (value) => {
        // A slower load of an older generation never replaces a newer copy.
        if (!entry.value || generation >= entry.generation) {
          entry.value = { current: value };
          entry.generation = generation;
          entry.loadedAt = Date.now();
          entry.failedAt = undefined;
        }
        this.recovered();
        return value;
      },
      (error: unknown) => {
        // The next attempt waits a moment, whoever asks.
        entry.failedAt = Date.now();
        this.failed(error);
        throw error;
      },
    );
    entry.loading = { generation, promise };
    const settle = () => {
      if (entry.loading?.promise === promise) entry.loading = undefined;
    };
    promise.then(settle, settle);
    return promise;
  }

  private failed(error: unknown) {
    if (this.failingSince !== null) return;
    this.failingSince = Date.now();
    logError(`${this.name} could not be read; serving the last good copy until it can.`, error);
  }

  private recovered() {
    if (this.failingSince === null) return;
    console.info(
      `${this.name} can be read again after ${Math.round((Date.now() - this.failingSince) / 1000)} s.`,
    );
    this.failingSince = null;
  }
}
