import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretUnreadableError } from "./secrets";

const BINDING = "webhook_endpoint.url:0190aaaa-0000-7000-8000-000000000001";

async function refusal(stored: string, binding = BINDING): Promise<Error> {
  return decryptSecret(stored, binding).then(
    () => {
      throw new Error("decrypted");
    },
    (error: Error) => error,
  );
}

describe("secrets at rest", () => {
  it("round-trips, as v2 with the key's id, and never twice the same ciphertext", async () => {
    const first = await encryptSecret("https://hooks.example.com/abc", BINDING);
    const second = await encryptSecret("https://hooks.example.com/abc", BINDING);
    expect(first).toMatch(
      /^v2\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/,
    );
    expect(first).not.toBe(second);
    expect(first).not.toContain("hooks.example.com");
    expect(await decryptSecret(first, BINDING)).toBe("https://hooks.example.com/abc");
  });

  it("refuses a shortened authentication tag", async () => {
    const stored = await encryptSecret("secret", BINDING);
    const parts = stored.split(".");
    const tag = Buffer.from(parts[4]!, "base64url");
    for (const length of [4, 8, 12, 15]) {
      const shortened = [...parts.slice(0, 4), tag.subarray(0, length).toString("base64url")].join(
        ".",
      );
      expect(await refusal(shortened)).toBeInstanceOf(SecretUnreadableError);
    }
  });

  it("decrypts only where it was stored: moved to another row, it is refused", async () => {
    const stored = await encryptSecret("https://hooks.example.com/a", BINDING);
    const error = await refusal(
      stored,
      "webhook_endpoint.url:0190aaaa-0000-7000-8000-000000000002",
    );
    expect(error).toBeInstanceOf(SecretUnreadableError);
    expect(error.message).toMatch(/damaged or belongs elsewhere/);
    expect(
      await refusal(stored, "webhook_endpoint.secret:0190aaaa-0000-7000-8000-000000000001"),
    ).toBeInstanceOf(SecretUnreadableError);
  });

  it("says when a value was encrypted under another key", async () => {
    const parts = (await encryptSecret("secret", BINDING)).split(".");
    const otherKey = [parts[0], "AAAAAAAA", ...parts.slice(2)].join(".");
    const error = await refusal(otherKey);
    expect(error).toBeInstanceOf(SecretUnreadableError);
    expect(error.message).toMatch(/another key: BETTER_AUTH_SECRET has changed/);
    expect(await refusal("v9.garbage")).toBeInstanceOf(SecretUnreadableError);
  });
});
