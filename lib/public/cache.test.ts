import { format } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPIRY_MS, GenerationCache, WAIT_MS } from "./cache";

afterEach(() => vi.restoreAllMocks());

/** A cache on a generation of the test's own, and a loader that counts and can be held or broken. */
function setUp() {
  let generation = 0;
  const cache = new GenerationCache<string>("Test data", () => generation);
  const loader = {
    loads: 0,
    fail: false,
    hold: null as Promise<void> | null,
    value: "v1",
    load: async () => {
      loader.loads += 1;
      if (loader.hold) await loader.hold;
      if (loader.fail) throw new Error("connection refused");
      return loader.value;
    },
  };
  return { cache, loader, change: () => (generation += 1) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the public data cache", () => {
  it("loads once for 100 concurrent misses", async () => {
    const { cache, loader } = setUp();
    let release!: () => void;
    loader.hold = new Promise((resolve) => (release = resolve));
    const reads = Array.from({ length: 100 }, () => cache.get("snapshot", loader.load));
    release();
    expect(new Set(await Promise.all(reads))).toEqual(new Set(["v1"]));
    expect(loader.loads).toBe(1);
    expect(await cache.get("snapshot", loader.load)).toBe("v1");
    expect(loader.loads).toBe(1);
  });

  it("reads again after a change, and never keeps what was read before it", async () => {
    const { cache, loader, change } = setUp();
    expect(await cache.get("snapshot", loader.load)).toBe("v1");
    // A change while a load is running: that load's result does not count for the new data.
    let release!: () => void;
    loader.hold = new Promise((resolve) => (release = resolve));
    change();
    const before = cache.get("snapshot", loader.load);
    loader.value = "v2";
    change();
    const after = cache.get("snapshot", loader.load);
    release();
    loader.hold = null;
    expect(await after).toBe("v2");
    await before;
    expect(await cache.get("snapshot", loader.load)).toBe("v2");
    expect(loader.loads).toBe(3);
  });

  it("serves a copy older than the expiry once more while it reads a fresh one", async () => {
    const { cache, loader } = setUp();
    await cache.get("snapshot", loader.load);
    loader.value = "v2";
    await sleep(EXPIRY_MS + 50);
    expect(await cache.get("snapshot", loader.load)).toBe("v1");
    await sleep(20);
    expect(await cache.get("snapshot", loader.load)).toBe("v2");
    expect(loader.loads).toBe(2);
  });

  it("serves the last good copy while loads fail, logs the outage once, and recovers", async () => {
    const { cache, loader, change } = setUp();
    const errors: string[] = [];
    const infos: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => errors.push(format(...args)));
    vi.spyOn(console, "info").mockImplementation((...args) => infos.push(format(...args)));
    await cache.get("snapshot", loader.load);
    loader.fail = true;
    loader.value = "v2";
    change();
    for (let i = 0; i < 20; i++) expect(await cache.get("snapshot", loader.load)).toBe("v1");
    // One attempt, then none until EXPIRY_MS has passed, however many visitors come.
    expect(loader.loads).toBe(2);
    await sleep(EXPIRY_MS + 50);
    expect(await cache.get("snapshot", loader.load)).toBe("v1");
    expect(loader.loads).toBe(3);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Test data could not be read; serving the last good copy/);
    expect(errors[0]).toMatch(/connection refused/);

    loader.fail = false;
    await sleep(EXPIRY_MS + 50);
    expect(await cache.get("snapshot", loader.load)).toBe("v2");
    expect(infos).toEqual([expect.stringMatching(/Test data can be read again/)]);
  });

  it("does not keep a visitor waiting long for a database that does not answer", async () => {
    const { cache, loader, change } = setUp();
    await cache.get("snapshot", loader.load);
    loader.hold = new Promise(() => {});
    change();
    const started = Date.now();
    expect(await cache.get("snapshot", loader.load)).toBe("v1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
  });

  it("fails when there is no copy yet and none can be read", async () => {
    const { cache, loader } = setUp();
    vi.spyOn(console, "error").mockImplementation(() => {});
    loader.fail = true;
    await expect(cache.get("snapshot", loader.load)).rejects.toThrow("connection refused");
  });
});
