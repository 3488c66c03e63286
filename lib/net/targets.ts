import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { config } from "@/lib/config";

// Addresses an outgoing request must never reach unless ALLOW_PRIVATE_TARGETS=true: private,
// loopback, link-local, CGNAT, reserved and documentation ranges. An IPv6 form that carries an
// IPv4 address (mapped, compatible, translated, NAT64, 6to4) reaches that IPv4 host, so it is
// judged by the IPv4 list. Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules
// too, so each family has a list of its own and is checked only against it.
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
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

// Cloud metadata services hand out credentials: refused even with ALLOW_PRIVATE_TARGETS, in
// every spelling. 169.254.0.0/16 holds AWS, GCP, Azure, Oracle and ECS; 100.100.100.200 is
// Alibaba's; fd00:ec2::254 is AWS's over IPv6.
const metadataV4 = new BlockList();
metadataV4.addSubnet("169.254.0.0", 16, "ipv4");
metadataV4.addAddress("100.100.100.200", "ipv4");
const metadataV6 = new BlockList();
metadataV6.addAddress("fd00:ec2::254", "ipv6");

/** The 16 bytes of an IPv6 address (any spelling, a dotted IPv4 tail included). */
function ipv6Bytes(address: string): Buffer {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/**
 * The IPv4 address an IPv6 address carries, if it is of a form that reaches one: IPv4-mapped,
 * -compatible and -translated (the last 32 bits), NAT64 /96 (the last 32 bits) and 6to4
 * (bits 16–47).
 */
function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  const v4 = (at: number) => [...bytes.subarray(at, at + 4)].join(".");
  const word = (at: number) => bytes.readUInt16BE(at);
  if (zeros(0, 10) && (word(10) === 0 || word(10) === 0xffff)) return v4(12);
  if (zeros(0, 8) && word(8) === 0xffff && word(10) === 0) return v4(12);
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(4, 12)) return v4(12);
  if (word(0) === 0x2002) return v4(2);
  return null;
}

export class TargetRefused extends Error {}

/** Whether an address may be connected to under the current configuration. */
export function addressAllowed(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 4 ? address : embeddedIPv4(address);
  if (v4 && metadataV4.check(v4, "ipv4")) return false;
  if (family === 6 && metadataV6.check(address, "ipv6")) return false;
  if (config().allowPrivateTargets) return true;
  if (v4) return !blockedV4.check(v4, "ipv4");
  return !blockedV6.check(address, "ipv6");
}

/** Whether an address is a cloud metadata service's, refused whatever the configuration. */
function isMetadata(address: string): boolean {
  const family = isIP(address);
  const v4 = family === 4 ? address : family === 6 ? embeddedIPv4(address) : null;
  return Boolean(
    (v4 && metadataV4.check(v4, "ipv4")) || (family === 6 && metadataV6.check(address, "ipv6")),
  );
}

/** What an operator testing on one machine needs to hear when a private address is refused. */
function privateHint(address: string): string {
  return config().allowPrivateTargets || isMetadata(address)
    ? ""
    : " ALLOW_PRIVATE_TARGETS=true allows private addresses, for testing on one machine.";
}

/**
 * The addresses a host name resolves to, every one of them allowed; otherwise TargetRefused,
 * whose message does not say which address was refused: what a name resolves to inside this
 * network is not the caller's to learn.
 */
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
        ? `${hostname} resolves to a private or reserved address.${privateHint(refused.address)}`
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
  if (!schemes.includes(url.protocol)) {
    throw new TargetRefused(
      config().allowPrivateTargets
        ? `Must use ${schemes.join(" or ")}.`
        : "Must use https (ALLOW_PRIVATE_TARGETS=true also allows http, for testing on one machine).",
    );
  }
  if (url.username || url.password) throw new TargetRefused("Must not contain credentials.");
  try {
    await resolveAllowed(url.hostname);
  } catch (error) {
    if (error instanceof TargetRefused) throw error;
    throw new TargetRefused(`${url.hostname} does not resolve.`);
  }
  return url;
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Whether an address is this machine's loopback (IPv4-mapped IPv6 spellings included). */
export function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return loopback.check(mapped, "ipv4");
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? "ipv4" : "ipv6");
}
