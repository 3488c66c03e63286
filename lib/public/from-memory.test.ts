import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { ASSET_CACHE_CONTROL } from "./assets";
import { accepts, servePublicFromMemory } from "./from-memory";

// The HTTP server's own answers to the public addresses (what `npm start` serves), read over a
// real loopback connection and held against the route handlers' answers to the same requests.
let server: Server;
let port: number;
let editor: TestClient;
const visitor = new TestClient();
const ids: Record<string, string> = {};
const LEFT_TO_NEXT = 599;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!servePublicFromMemory(request, response)) response.writeHead(LEFT_TO_NEXT).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  ({ client: editor } = await setUpOwner());
  const component = await editor.post("/v1/components", { name: "API" });
  ids.component = component.body.id;
  const incident = await editor.post("/v1/incidents", {
    title: "Slow answers",
    impact: "minor",
    visibility: "published",
    body: "Requests take **seconds**. ".repeat(60),
    components: [{ componentId: ids.component, status: "degraded_performance" }],
  });
  expect(incident.status, incident.text).toBe(201);
  ids.incident = incident.body.id;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetConfig();
});

describe("the public addresses", () => {
  it("are answered with the route handlers' bytes and headers, and Next.js's security headers", async () => {
    const paths = [
      "/",
      "/?utm_source=mail",
      "/api/v2/summary.json",
      "/api/v2/components.json",
      "/api/v2/nothing.json",
      "/history",
      "/history?page=2",
      "/history?page=zero",
      "/history.rss",
      "/history.atom",
      `/incidents/${ids.incident}`,
      `/incidents/${ids.incident!.toUpperCase()}`,
      "/incidents/not-an-id",
      "/maintenance/0190aaaa-0000-7000-8000-000000000001",
    ];
    for (const path of paths) {
      const [fromMemory, fromRoute] = await Promise.all([get(path), visitor.get(path)]);
      expect(fromMemory.status, path).toBe(fromRoute.status);
      expect(fromMemory.body.toString("utf8"), path).toBe(fromRoute.text);
      for (const name of [
        "content-type",
        "etag",
        "cache-control",
        "content-security-policy",
        "access-control-allow-origin",
      ]) {
        expect(fromMemory.headers[name], `${path} ${name}`).toBe(
          fromRoute.headers.get(name) ?? undefined,
        );
      }
      expect(fromMemory.headers["x-content-type-options"], path).toBe("nosniff");
      expect(fromMemory.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      // Pages and feeds speak the visitor's language: they vary with Accept-Language too.
      expect(fromMemory.headers.vary, path).toBe(
        fromRoute.headers.get("vary") ?? "Accept-Encoding",
      );
      expect(fromMemory.headers["content-language"], path).toBe(
        fromRoute.headers.get("content-language") ?? undefined,
      );
      expect(Number(fromMemory.headers["content-length"]), path).toBe(fromMemory.body.length);
    }
  });

  it("show a published change on the next read", async () => {
    expect((await get("/")).body.toString()).not.toContain("Login fails");
    const created = await editor.post("/v1/incidents", {
      title: "Login fails",
      impact: "major",
      visibility: "published",
      body: "Investigating.",
    });
    expect(created.status).toBe(201);
    expect((await get("/")).body.toString()).toContain("Login fails");
    expect((await get("/api/v2/summary.json")).body.toString()).toContain("Login fails");
  });

  it("are compressed once, with brotli or gzip as the visitor accepts", async () => {
    const plain = await get("/");
    // The compressed copies are made in the background; until then the plain one goes out.
    const compressed = async (encoding: string) => {
      for (let tries = 0; tries < 100; tries++) {
        const answer = await get("/", { "accept-encoding": `${encoding}, deflate` });
        if (answer.headers["content-encoding"] === encoding) return answer;
        expect(answer.body.equals(plain.body)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`/ was never sent with ${encoding}`);
    };
    const br = await compressed("br");
    const gzip = await compressed("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect(br.headers.vary).toBe("Accept-Encoding, Accept-Language");
    const refused = await get("/", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it("answer 304 to a visitor who holds the answer, and HEAD without a body", async () => {
    const plain = await get("/api/v2/summary.json");
    const etag = plain.headers.etag!;
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get("/api/v2/summary.json", { "if-none-match": held });
      expect(again.status, held).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get("/api/v2/summary.json", { "if-none-match": '"other"' })).status).toBe(200);
    const head = await get("/api/v2/summary.json", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(plain.body.length));
  });
});

describe("the page's own files", () => {
  it("are its files' bytes, linked by a version that changes with them", async () => {
    const page = (await get("/")).body.toString();
    for (const [path, file, type] of [
      ["/status.css", "public/status.css", "text/css; charset=utf-8"],
      ["/status.js", "public/status.js", "text/javascript; charset=utf-8"],
      ["/icon.svg", "app/icon.svg", "image/svg+xml"],
    ] as const) {
      const link = new RegExp(`"(${path.replace(".", "\\.")}\\?v=[\\w-]{8})"`).exec(page);
      expect(link, path).not.toBeNull();
      const answer = await get(link![1]!);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(readFileSync(file))).toBe(true);
      expect(answer.headers["content-type"]).toBe(type);
      expect(answer.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(link![1]).toContain(answer.headers.etag!.slice(1, 9));
      expect((await get(path, { "if-none-match": answer.headers.etag! })).status).toBe(304);
    }
  });
});

describe("every other request", () => {
  it("is left to Next.js", async () => {
    for (const [method, path] of [
      ["POST", "/"],
      ["OPTIONS", "/api/v2/summary.json"],
      ["GET", "/v1/components"],
      ["GET", "/dashboard"],
      ["GET", "/health"],
      ["GET", "/history/"],
      ["GET", "/incidents/a/b"],
      ["GET", "/public/subscriptions"],
      ["GET", "/status.css/x"],
      ["GET", "/favicon.ico"],
    ] as const) {
      expect((await get(path, {}, method)).status, `${method} ${path}`).toBe(LEFT_TO_NEXT);
    }
  });

  it("includes one the front gate refuses, so the route refuses it in its own words", async () => {
    process.env.ORIGIN_VERIFY_SECRET = "front-layer-secret-0123456789abcdef";
    resetConfig();
    expect((await get("/")).status).toBe(LEFT_TO_NEXT);
    expect((await get("/", { "x-origin-verify": "wrong" })).status).toBe(LEFT_TO_NEXT);
    expect(
      (await get("/", { "x-origin-verify": "front-layer-secret-0123456789abcdef" })).status,
    ).toBe(200);
  });
});

describe("accepts", () => {
  it("reads Accept-Encoding as RFC 9110 writes it", () => {
    expect(accepts("gzip, deflate, br", "br")).toBe(true);
    expect(accepts("GZIP;q=0.5", "gzip")).toBe(true);
    expect(accepts("br;q=0", "br")).toBe(false);
    expect(accepts("br; q=0.0", "br")).toBe(false);
    expect(accepts("identity", "gzip")).toBe(false);
    expect(accepts(undefined, "gzip")).toBe(false);
  });
});
