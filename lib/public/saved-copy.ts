import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { logError } from "@/lib/log";
import type { PublicData } from "./load";

/**
 * The last public data read, kept on disk as well as in memory, so that a server started while
 * the database is out of reach still shows visitors the last good page rather than a 503. It
 * holds only what the public page already shows.
 */
const FORMAT = 5;

type SavedCopy = { format: number; savedAt: string; data: PublicData };

// Dates and Maps are written tagged, so they come back as what they were; no public value is an
// object with these keys (user text is always a string).
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.getTime() };
  if (raw instanceof Map) return { $map: [...raw] };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const tagged = value as { $date?: unknown; $map?: unknown };
    if (typeof tagged.$date === "number") return new Date(tagged.$date);
    if (Array.isArray(tagged.$map)) return new Map(tagged.$map as [unknown, unknown][]);
  }
  return value;
}

export function serializeCopy(data: PublicData, savedAt = new Date()): string {
  // A page's key and its audiences' addresses stay in memory: a copy restored while the
  // database is away keeps private pages locked to everyone until it answers.
  const pages = data.pages.map((page) => ({ ...page, accessKey: null, audiences: [] }));
  const copy: SavedCopy = {
    format: FORMAT,
    savedAt: savedAt.toISOString(),
    data: { ...data, pages },
  };
  return JSON.stringify(copy, replacer);
}

/** The data of a saved copy, or null when the text is not one this version wrote. */
export function parseCopy(text: string): { data: PublicData; savedAt: Date } | null {
  const copy = JSON.parse(text, reviver) as Partial<SavedCopy> | null;
  if (
    !copy ||
    copy.format !== FORMAT ||
    typeof copy.savedAt !== "string" ||
    !copy.data?.workspace ||
    !Array.isArray(copy.data.components) ||
    !Array.isArray(copy.data.pages) ||
    !Array.isArray(copy.data.shownIds?.incidents) ||
    !Array.isArray(copy.data.shownIds?.maintenances) ||
    !(copy.data.uptime instanceof Map)
  ) {
    return null;
  }
  return { data: copy.data, savedAt: new Date(copy.savedAt) };
}

let writing: Promise<void> = Promise.resolve();
let failedToWrite = false;

/**
 * Writes the text to a new file beside `file`, then renames it over `file`. The temporary name
 * is random and the file is created exclusively (O_EXCL), so a file or link someone else put at
 * a name they guessed is never written through; it is readable by its owner only from the start.
 */
async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(12).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes the copy in the background, one write at a time and whole or not at all (a temporary
 * file renamed over the last). A disk that refuses is logged once; the page goes on from memory.
 */
export function saveCopy(file: string, data: PublicData): Promise<void> {
  const text = serializeCopy(data);
  writing = writing.then(async () => {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await replaceFile(file, text);
      failedToWrite = false;
    } catch (error) {
      if (!failedToWrite) logError(`The public page's copy could not be saved to ${file}`, error);
      failedToWrite = true;
    }
  });
  return writing;
}

/** Settles once the copies queued so far are written (or refused). */
export function copiesWritten(): Promise<void> {
  return writing;
}

/** The saved copy, or null when there is none or it cannot be read (which is logged). */
export async function readCopy(file: string): Promise<{ data: PublicData; savedAt: Date } | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      logError(`The public page's saved copy at ${file} could not be read`, error);
    }
    return null;
  }
  try {
    const copy = parseCopy(text);
    if (!copy)
      console.warn(
        `The public page's saved copy at ${file} is not one this version reads; it is ignored.`,
      );
    return copy;
  } catch (error) {
    logError(`The public page's saved copy at ${file} is not valid JSON; it is ignored`, error);
    return null;
  }
}
