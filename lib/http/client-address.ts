import { isIP } from "node:net";
import { config } from "@/lib/config";

/**
 * The visitor's address as the front proxy wrote it: the right-most value of TRUST_PROXY_HEADER.
 * Proxies append the address they saw, so values further left are whatever the client sent.
 * Null when the header is missing or its last value is not an address.
 */
export function clientAddress(headers: Headers): string | null {
  const value = headers.get(config().trustProxyHeader);
  const last = value?.split(",").at(-1)?.trim() ?? "";
  return isIP(last) ? last : null;
}

/**
 * What a request's visitor is counted under in every per-address limit: its addressKey, or
 * "unknown" for all the requests the proxy did not name, which then share one count.
 */
export function visitorKey(headers: Headers): string {
  const address = clientAddress(headers);
  return address ? addressKey(address) : "unknown";
}

/** The key one visitor is counted under: an IPv4 address, or an IPv6 address's /64 network. */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
