import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { config } from "@/lib/config";

// Addresses an outgoing request must never reach unless ALLOW_PRIVATE_TARGETS=true: private,
// loopback, link-local (cloud metadata), CGNAT, reserved and documentation ranges, and every
// IPv4-mapped or -translated IPv6 form, which would reach IPv4 hosts around the IPv4 list.
// Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too, so each family
// has a list of its own and is checked only against it.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

export class TargetRefused extends Error {}

/** Whether an address may be connected to under the current configuration. */
export function addressAllowed(address: string): boolean {
  if (config().allowPrivateTargets) return true;
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blockedV4.check(address, "ipv4") : !blockedV6.check(address, "ipv6");
}

/** The addresses a host name resolves to, every one of them allowed; otherwise TargetRefused. */
export async function resolveAllowed(
  hostname: string,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  const refused = addresses.find((a) => !addressAllowed(a.address));
  if (refused || !addresses.length) {
    throw new TargetRefused(
      refused
        ? `${hostname} resolves to ${refused.address}, a private or reserved address.`
        : `${hostname} does not resolve.`,
    );
  }
  return addresses;
}

/**
 * Checks a target URL as given: https only (http too with ALLOW_PRIVATE_TARGETS), no
 * credentials, and a host whose every address is public. Throws TargetRefused with the reason.
 */
export async function assertAllowedTarget(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused("Not a URL.");
  }
  const schemes = config().allowPrivateTargets ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new TargetRefused(`Must use ${schemes.join(" or ")}.`);
  if (url.username || url.password) throw new TargetRefused("Must not contain credentials.");
  try {
    await resolveAllowed(url.hostname);
  } catch (error) {
    if (error instanceof TargetRefused) throw error;
    throw new TargetRefused(`${url.hostname} does not resolve.`);
  }
  return url;
}
