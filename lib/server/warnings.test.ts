import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { startupWarnings } from "./warnings";

describe("start-up warnings", () => {
  it("warns in production when the encryption key would live beside what it protects", () => {
    const warnings = startupWarnings(readConfig({ NODE_ENV: "production" }), { setUp: true });
    expect(warnings).toEqual([expect.stringMatching(/^BETTER_AUTH_SECRET is not set/)]);
    const configured = readConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: "s".repeat(32) });
    expect(startupWarnings(configured, { setUp: true })).toEqual([]);
  });

  it("warns in production while a proxy on the machine would let anyone set the deployment up", () => {
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: "s".repeat(32) } as const;
    expect(startupWarnings(readConfig(production), { setUp: false })).toEqual([
      expect.stringMatching(/SETUP_TOKEN is not set: .* reverse proxy on this machine/),
    ]);
    const guarded = readConfig({ ...production, SETUP_TOKEN: "t".repeat(24) });
    expect(startupWarnings(guarded, { setUp: false })).toEqual([]);
  });

  it("warns in production when SMTP_URL lets mail to a server on the network go in plain text", () => {
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "s".repeat(32),
    } as const;
    const warnings = (SMTP_URL: string) =>
      startupWarnings(readConfig({ ...production, SMTP_URL }), { setUp: true });
    expect(warnings("smtp://user:secret@mail.example.com:587?tls=off")).toEqual([
      "SMTP_URL says tls=off: mail to mail.example.com goes in plain text whenever the server " +
        "offers no STARTTLS, the SMTP password and every message (password-reset links " +
        "included) readable on the way. Remove tls=off once the server offers STARTTLS, or " +
        "use smtps://.",
    ]);
    expect(warnings("smtp://user:secret@mail.example.com:587")).toEqual([]);
    expect(warnings("smtp://127.0.0.1:25?tls=off")).toEqual([]);
    expect(warnings("smtps://mail.example.com?tls=off")).toEqual([]);
  });

  it("stays quiet outside production", () => {
    expect(startupWarnings(readConfig({ NODE_ENV: "development" }), { setUp: false })).toEqual([]);
  });
});
