import { config } from "@/lib/config";
import type { RouteHandler } from "@/lib/api/api";
import { peerStamp, SOCKET_PEER_HEADER } from "@/lib/http/socket-peer";

type RouteModule = Partial<Record<string, RouteHandler>>;

// Every route file under app/, found the way Next.js finds them, so tests reach the real handlers.
const modules = import.meta.glob<RouteModule>("/app/**/route.ts");

type Route = { segments: string[]; load: () => Promise<RouteModule>; rank: number[] };

const routes: Route[] = Object.entries(modules).map(([file, load]) => {
  const segments = file
    .replace(/^\/app\//, "")
    .replace(/\/?route\.ts$/, "")
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment));
  // Static segments beat [param]s, which beat [...catchAll]s and [[...optional]] ones, as in
  // Next.js.
  const rank = segments.map((s) =>
    s.startsWith("[[...") ? 3 : s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0,
  );
  return { segments, load, rank };
});

function match(route: Route, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.startsWith("[[...")) {
      params[segment.slice(5, -2)] = parts.slice(i);
      return params;
    }
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

async function dispatch(request: Request): Promise<Response> {
  const parts = new URL(request.url).pathname.split("/").filter(Boolean);
  const candidates = routes
    .map((route) => ({ route, params: match(route, parts) }))
    .filter((c) => c.params !== null)
    .sort((a, b) => compareRank(a.route.rank, b.route.rank));
  const found = candidates[0];
  if (!found) throw new Error(`No route file serves ${request.url}`);
  const handler = (await found.route.load())[request.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(request, { params: Promise.resolve(found.params!) });
}

export type CallOptions = {
  /** A value to send as JSON, or a string sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
};

export type TestResponse = { status: number; headers: Headers; body: any; text: string };

let clients = 0;

/**
 * A signed-in (or not) API user: keeps cookies between calls like a browser or `curl -b -c`, and
 * comes from an address of its own (documentation range) so per-address limits apply per client.
 * Its requests reach the server over a connection from `peer` (as the server stamps them): the
 * server's own machine unless told otherwise, as for a proxy or curl on the same host.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly address: string;
  /** An API token's secret, sent as `Authorization: Bearer` on every call. */
  bearer: string | null = null;

  constructor(
    address?: string,
    readonly peer = "127.0.0.1",
  ) {
    clients += 1;
    this.address = address ?? `198.51.${(clients >> 8) & 255}.${clients & 255}`;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<TestResponse> {
    const headers = new Headers(options.headers);
    if (!headers.has("origin") && method !== "GET") headers.set("origin", config().baseUrl);
    if (!headers.has(config().trustProxyHeader))
      headers.set(config().trustProxyHeader, this.address);
    headers.set(SOCKET_PEER_HEADER, peerStamp(this.peer));
    if (this.bearer && !headers.has("authorization")) {
      headers.set("authorization", `Bearer ${this.bearer}`);
    }
    if (this.cookies.size && !headers.has("cookie")) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    let body: string | Uint8Array | undefined;
    if (options.body instanceof Uint8Array) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      if (!headers.has("content-type") && typeof options.body !== "string") {
        headers.set("content-type", "application/json");
      }
    }
    const response = await dispatch(
      new Request(new URL(path, config().baseUrl), {
        method,
        headers,
        body: body as BodyInit | undefined,
      }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const eqAt = pair.indexOf("=");
      const name = pair.slice(0, eqAt).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(eqAt + 1) === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eqAt + 1));
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get = (path: string, options?: CallOptions) => this.call("GET", path, options);
  post = (path: string, body?: unknown, options?: CallOptions) =>
    this.call("POST", path, { ...options, body });
  put = (path: string, body?: unknown, options?: CallOptions) =>
    this.call("PUT", path, { ...options, body });
  patch = (path: string, body?: unknown, options?: CallOptions) =>
    this.call("PATCH", path, { ...options, body });
  delete = (path: string, options?: CallOptions) => this.call("DELETE", path, options);
}

export const OWNER = {
  workspaceName: "Acme",
  name: "Olive Owner",
  email: "owner@example.com",
  password: "correct horse battery",
};

/** Runs first-run setup and answers the owner's signed-in client. */
export async function setUpOwner(
  input = OWNER,
): Promise<{ client: TestClient; workspaceId: string; userId: string }> {
  const client = new TestClient();
  const response = await client.post("/v1/setup", input);
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${response.text}`);
  return { client, ...(response.body as { workspaceId: string; userId: string }) };
}

let invited = 0;

/** Invites a new member with `role` through the API and answers their signed-in client. */
export async function memberWithRole(
  admin: TestClient,
  role: "viewer" | "editor" | "admin",
): Promise<{ client: TestClient; userId: string; email: string; password: string }> {
  invited += 1;
  const email = `${role}-${invited}-${Date.now()}@example.com`;
  const password = "member password 1";
  const invitation = await admin.post("/v1/invitations", { email, role });
  if (invitation.status !== 201)
    throw new Error(`invite failed: ${invitation.status} ${invitation.text}`);
  const client = new TestClient();
  const accepted = await client.post("/v1/invitations/accept", {
    token: invitation.body.token,
    name: `A ${role}`,
    password,
  });
  if (accepted.status !== 201)
    throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
  return { client, userId: accepted.body.userId, email, password };
}

/** Creates an API token through the API and answers a client that sends it (and nothing else). */
export async function tokenClient(
  creator: TestClient,
  role: "viewer" | "editor" | "admin",
  extra: { name?: string; expiresAt?: string | null } = {},
): Promise<{ client: TestClient; id: string; secret: string }> {
  const created = await creator.post("/v1/api-tokens", { name: `${role} token`, role, ...extra });
  if (created.status !== 201)
    throw new Error(`token creation failed: ${created.status} ${created.text}`);
  const client = new TestClient();
  client.bearer = created.body.secret;
  return { client, id: created.body.token.id, secret: created.body.secret };
}
