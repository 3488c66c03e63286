import type { Config } from "@/lib/config";

/**
 * What a server prints once it serves, as its last line of start-up: its address and, until the
 * workspace exists, where to set it up. `firstRunLink` carries the one-time token (see
 * lib/workspace/setup.ts); with SETUP_TOKEN configured, the setup page asks for that instead.
 */
export function readyMessage(
  config: Pick<Config, "baseUrl" | "setupToken">,
  { setUp, firstRunLink }: { setUp: boolean; firstRunLink: () => string },
): string {
  const ready = `Allclear is ready on ${config.baseUrl}`;
  if (setUp) return ready;
  if (config.setupToken) {
    return `${ready}\nSet it up at ${config.baseUrl}/setup with the SETUP_TOKEN it was started with.`;
  }
  return (
    `${ready}\nSet it up at ${firstRunLink()} (a one-time link, shown only here; ` +
    "on this machine, /setup works without its token)"
  );
}
