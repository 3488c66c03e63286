import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpOwner } from "@/lib/testing/client";
import { loadPublicData, type PublicData } from "./load";
import { parseCopy, readCopy, saveCopy, serializeCopy } from "./saved-copy";

const directory = mkdtempSync(path.join(tmpdir(), "allclear-copy-"));
let data: PublicData;

beforeAll(async () => {
  const { client } = await setUpOwner();
  const group = await client.post("/v1/component-groups", { name: "Core" });
  await client.post("/v1/components", { name: "API", groupId: group.body.id });
  await client.post("/v1/components", {
    name: 'Web \u2028 "quoted" <b>',
    description: '{"$date":1}',
  });
  const incident = await client.post("/v1/incidents", {
    title: "Slow answers",
    impact: "minor",
    body: "Looking into it.",
    visibility: "published",
  });
  expect(incident.status, incident.text).toBe(201);
  data = (await loadPublicData())!;
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("the saved copy of the public data", () => {
  it("comes back exactly as it was read, dates as dates and the uptime as a map", () => {
    const copy = parseCopy(serializeCopy(data, new Date("2026-11-24T10:00:00Z")))!;
    expect(copy.savedAt).toEqual(new Date("2026-11-24T10:00:00Z"));
    expect(copy.data).toEqual(data);
    expect(copy.data.updatedAt).toBeInstanceOf(Date);
    expect(copy.data.incidents[0]!.updates[0]!.createdAt).toBeInstanceOf(Date);
    expect(copy.data.uptime).toBeInstanceOf(Map);
    expect(copy.data.uptime.size).toBe(3);
    expect(copy.data.components.find((c) => c.name.startsWith("Web"))!.description).toBe(
      '{"$date":1}',
    );
  });

  it("is written whole, readable only by its owner, and read back from disk", async () => {
    const file = path.join(directory, "nested", "copy.json");
    await saveCopy(file, data);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readCopy(file))!.data).toEqual(data);
    await saveCopy(file, { ...data, components: [] });
    expect((await readCopy(file))!.data.components).toEqual([]);
  });

  it("is written through a new file of its own, never through a file or link already there", async () => {
    const file = path.join(directory, "guarded", "copy.json");
    mkdirSync(path.dirname(file), { recursive: true });
    const elsewhere = path.join(directory, "elsewhere.txt");
    writeFileSync(elsewhere, "not yours");
    // What another user of the directory could have prepared at a temporary name it can guess.
    const guessed = [`${file}.${process.pid}.tmp`, `${file}.tmp`];
    symlinkSync(elsewhere, guessed[0]!);
    writeFileSync(guessed[1]!, "theirs");
    await saveCopy(file, data);
    expect(readFileSync(elsewhere, "utf8")).toBe("not yours");
    expect(readFileSync(guessed[1]!, "utf8")).toBe("theirs");
    expect(lstatSync(guessed[0]!).isSymbolicLink()).toBe(true);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readCopy(file))!.data).toEqual(data);
    // Nothing is left behind but the copy and what was there before.
    expect(readdirSync(path.dirname(file)).sort()).toEqual(
      ["copy.json", ...guessed.map((name) => path.basename(name))].sort(),
    );
  });

  it("is ignored when missing, broken or of another format", async () => {
    expect(await readCopy(path.join(directory, "absent.json"))).toBeNull();
    const file = path.join(directory, "broken.json");
    writeFileSync(file, serializeCopy(data).slice(0, 100));
    expect(await readCopy(file)).toBeNull();
    writeFileSync(file, JSON.stringify({ format: 99, savedAt: "x", data: {} }));
    expect(await readCopy(file)).toBeNull();
    writeFileSync(file, "null");
    expect(await readCopy(file)).toBeNull();
  });

  it("says once that the disk refuses, goes on, and says it again only after a success", async () => {
    const blocked = path.join(directory, "a-file");
    writeFileSync(blocked, "");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const refused = path.join(blocked, "copy.json");
      await expect(saveCopy(refused, data)).resolves.toBeUndefined();
      await saveCopy(refused, data);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toContain("could not be saved");
      expect(existsSync(refused)).toBe(false);
      await saveCopy(path.join(directory, "fine.json"), data);
      await saveCopy(refused, data);
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });
});
