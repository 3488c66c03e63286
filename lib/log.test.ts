import { format } from "node:util";
import { uuidv7 } from "uuidv7";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "@/db/client";
import { errorResponse } from "@/lib/http/problem";

afterEach(() => vi.restoreAllMocks());

/** A real failed statement whose values include a password hash. */
async function failedInsert(hash: string): Promise<unknown> {
  const db = await getDb();
  return db
    .insert(schema.account)
    .values({ userId: uuidv7(), accountId: "someone", providerId: "credential", password: hash })
    .then(
      () => {
        throw new Error("the insert succeeded");
      },
      (error: unknown) => error,
    );
}

describe("logging an unexpected error", () => {
  it("keeps the statement and the database's reason, never the values it was run with", async () => {
    const hash = `scrypt-${uuidv7()}:${"f".repeat(64)}`;
    const error = await failedInsert(hash);
    expect(format(error)).toContain(hash);

    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(format(...args));
    });
    const response = errorResponse(error);
    expect(response.status).toBe(500);
    const text = logged.join("\n");
    expect(text).toMatch(/insert into "account"/);
    expect(text).toMatch(/foreign key constraint/);
    expect(text).toMatch(/code=23503/);
    expect(text).not.toContain(hash);
    expect(text).not.toContain("someone");
  });
});
