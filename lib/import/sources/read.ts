import { z } from "zod";
import { AppError } from "@/lib/errors";
import { getJsonOutgoing } from "@/lib/net/post";
import { TargetRefused } from "@/lib/net/targets";

/** The source could not be read, or did not answer as its documentation says. */
export class SourceError extends AppError {
  constructor(detail: string) {
    super(422, "source_unreadable", "The source could not be read", detail);
  }
}

/** GETs a source's JSON and reads it with `schema`, saying which address answered what. */
export async function readSource<S extends z.ZodType>(
  url: string,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await getJsonOutgoing(url, { headers });
  } catch (error) {
    if (error instanceof TargetRefused) {
      throw new SourceError(`${new URL(url).host} may not be fetched: ${error.message}`);
    }
    throw new SourceError((error as Error).message);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SourceError(
      `${url} did not answer as expected: ${issue.path.join(".") || "the answer"}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** Reads every page of a list the source pages: `at(n)` is page n's address. */
export async function readPages<T>(
  at: (page: number) => string,
  schema: z.ZodType<T[]>,
  { first, size, headers }: { first: number; size: number; headers?: Record<string, string> },
): Promise<T[]> {
  const all: T[] = [];
  // A source that keeps answering full pages is cut off at 500 pages (50,000 records).
  for (let page = first; page < first + 500; page++) {
    const items = await readSource(at(page), schema, headers);
    all.push(...items);
    if (items.length < size) break;
  }
  return all;
}

/** An ISO time as sources write it; JavaScript's Date strings too (Instatus's public file). */
export const when = () =>
  z.string().transform((value, ctx) => {
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) {
      ctx.addIssue({ code: "custom", message: `Not a time: ${value}` });
      return z.NEVER;
    }
    return parsed;
  });

/** Text a source may leave out or send as null, read as empty. */
export const textOrEmpty = () =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? "");

/** The source's base address, without a trailing slash. */
export const baseOf = (url: string) => url.trim().replace(/\/+$/, "");
