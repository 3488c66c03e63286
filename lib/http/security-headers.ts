/** Headers every answer carries, pages and API alike (set in next.config.ts). */
export const COMMON_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** JSON and feeds: nothing in them may load or run, and nobody may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The public status page and its files: served from memory with headers of their own (no inline
 * code, so no nonce; only /embed may be framed), see lib/public/respond.ts.
 */
export const PUBLIC_PATH =
  /^\/(?:incidents\/[^/]+|maintenance\/[^/]+|history(?:\.rss|\.atom|\/[^/]+)?|status\.(?:css|js)|embed(?:\.js)?|icon\.svg)?$/;

/**
 * The headers of a Next.js page (dashboard, sign-in, setup, docs): a strict
 * Content-Security-Policy whose scripts and styles need this request's nonce (Next.js puts it on
 * its own), no framing, and HSTS when served over https.
 */
export function pageSecurityHeaders({
  nonce,
  baseUrl,
  development,
}: {
  nonce: string;
  baseUrl: string;
  development: boolean;
}): Record<string, string> {
  const https = baseUrl.startsWith("https://");
  const directives = [
    "default-src 'self'",
    // The dev server's fast refresh evaluates code; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return {
    "content-security-policy": directives.join("; "),
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
