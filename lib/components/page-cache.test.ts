import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { dataChanged } from "@/lib/changes/changes";
import { cachedPage } from "./page-cache";

const embedded = !config().databaseUrl;

describe("the component page cache", () => {
  it(
    embedded
      ? "keeps a page until the next write (embedded database)"
      : "keeps nothing (PostgreSQL)",
    async () => {
      let reads = 0;
      const read = async () => ++reads;
      expect(await cachedPage("ws-1", read)).toBe(1);
      expect(await cachedPage("ws-1", read)).toBe(embedded ? 1 : 2);
      dataChanged("ws-1");
      expect(await cachedPage("ws-1", read)).toBe(embedded ? 2 : 3);
      // Workspaces are kept apart.
      expect(await cachedPage("ws-2", async () => "other")).toBe("other");
      expect(await cachedPage("ws-1", read)).toBe(embedded ? 2 : 4);
    },
  );

  it("does not keep a page read while a write committed", async () => {
    let release!: () => void;
    const slowRead = new Promise<string>(
      (resolve) => (release = () => resolve("before the write")),
    );
    const reading = cachedPage("ws-3", () => slowRead);
    dataChanged("ws-3");
    release();
    expect(await reading).toBe("before the write");
    expect(await cachedPage("ws-3", async () => "after the write")).toBe("after the write");
  });
});
