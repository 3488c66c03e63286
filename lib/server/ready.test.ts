import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { readyMessage } from "./ready";

const link = () => "http://localhost:3000/setup?token=one-time";

describe("the ready message", () => {
  it("gives the address a set-up deployment serves", () => {
    const config = readConfig({ PORT: "3000" });
    expect(readyMessage(config, { setUp: true, firstRunLink: link })).toBe(
      "Allclear is ready on http://localhost:3000",
    );
    const behindProxy = readConfig({ BASE_URL: "https://status.example.com" });
    expect(readyMessage(behindProxy, { setUp: true, firstRunLink: link })).toBe(
      "Allclear is ready on https://status.example.com",
    );
  });

  it("adds the one-time setup link until the workspace exists", () => {
    const lines = readyMessage(readConfig({ PORT: "3000" }), { setUp: false, firstRunLink: link });
    expect(lines.split("\n")).toEqual([
      "Allclear is ready on http://localhost:3000",
      expect.stringMatching(/^Set it up at http:\/\/localhost:3000\/setup\?token=one-time \(/),
    ]);
  });

  it("points at the setup page without a link token when SETUP_TOKEN is configured", () => {
    const config = readConfig({ PORT: "3000", SETUP_TOKEN: "t".repeat(24) });
    const message = readyMessage(config, { setUp: false, firstRunLink: link });
    expect(message).toBe(
      "Allclear is ready on http://localhost:3000\n" +
        "Set it up at http://localhost:3000/setup with the SETUP_TOKEN it was started with.",
    );
    expect(message).not.toContain("t".repeat(24));
  });
});
