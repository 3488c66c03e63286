import * as crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { frontGate } from "@/lib/http/request";

// Watches the constant-time comparison node:crypto provides, passing every call through.
vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:crypto")>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const SECRET = "front-layer-secret-0123456789abcdef";

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetConfig();
  vi.mocked(crypto.timingSafeEqual).mockClear();
});

const request = (header?: string) =>
  new Request("http://localhost:3000/dashboard", {
    headers: header === undefined ? {} : { "x-origin-verify": header },
  });

describe("the front gate's comparison", () => {
  it.each([
    ["shorter", "f"],
    ["longer", `${SECRET}-and-more`],
    ["as long", SECRET.replace(/.$/, "0")],
    ["empty", ""],
  ])("compares a %s wrong value in full, telling nothing about the secret's length", (_, given) => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetConfig();
    const refused = frontGate(request(given));
    expect(refused?.status).toBe(403);
    const calls = vi.mocked(crypto.timingSafeEqual).mock.calls;
    expect(calls).toHaveLength(1);
    const [a, b] = calls[0]! as [Buffer, Buffer];
    expect(a.length).toBe(32);
    expect(b.length).toBe(32);
  });

  it("lets the right value through", () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetConfig();
    expect(frontGate(request(SECRET))).toBeNull();
    expect(frontGate(request())?.status).toBe(403);
  });
});
