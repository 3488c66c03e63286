import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetConfig } from "@/lib/config";
import { ConflictError } from "@/lib/errors";
import { handle, route } from "@/lib/api/api";
import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetConfig();
});

function expectProblem(
  response: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.body).toMatchObject({ type: "about:blank", status, code });
  expect(typeof response.body.title).toBe("string");
  expect(typeof response.body.detail).toBe("string");
}

describe("the /v1 wrapper, through real routes", () => {
  it("answers 401 unauthenticated without a session, and for a forged cookie", async () => {
    expectProblem(await new TestClient().get("/v1/me"), 401, "unauthenticated");
    const forged = await new TestClient().get("/v1/me", {
      headers: {
        cookie: "allclear.session_token=abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D",
      },
    });
    expectProblem(forged, 401, "unauthenticated");
  });

  it("refuses malformed JSON with 400 validation_failed", async () => {
    const response = await new TestClient().post("/v1/setup", "{not json", {
      headers: { "content-type": "application/json" },
    });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors).toEqual([{ field: "body", message: "Malformed JSON." }]);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const response = await new TestClient().post("/v1/setup", {
      ...OWNER,
      name: "x".repeat(70_000),
    });
    expectProblem(response, 413, "payload_too_large");
  });

  it("refuses a body over 64 KiB even without a Content-Length", async () => {
    const big = JSON.stringify({ ...OWNER, name: "x".repeat(70_000) });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const [{ POST }] = await Promise.all([import("@/app/v1/setup/route")]);
    const request = new Request("http://localhost:3000/v1/setup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await POST(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
  });

  it("refuses a non-JSON body with 415", async () => {
    const response = await new TestClient().post("/v1/setup", "workspaceName=a", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectProblem(response, 415, "unsupported_media_type");
  });

  it("refuses unknown fields, naming each", async () => {
    const response = await new TestClient().post("/v1/setup", { ...OWNER, plan: "pro", extra: 1 });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "extra",
      "plan",
    ]);
    expect(response.body.detail).toContain("plan");
  });

  it("answers 405 with Allow for a method the path does not support", async () => {
    const response = await owner.delete("/v1/me");
    expectProblem(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("answers a problem+json 404 for unknown /v1 paths, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      expectProblem(await owner.call(method, "/v1/nothing/here"), 404, "not_found");
    }
  });

  it("refuses a write from a foreign Origin", async () => {
    const response = await new TestClient().post("/v1/setup", OWNER, {
      headers: { origin: "https://evil.example" },
    });
    expectProblem(response, 403, "invalid_origin");
  });

  it("refuses requests that bypass the front layer when ORIGIN_VERIFY_SECRET is set; /health stays open", async () => {
    process.env.ORIGIN_VERIFY_SECRET = "front-layer-secret-123";
    resetConfig();
    expectProblem(await owner.get("/v1/me"), 403, "not_through_cdn");
    expectProblem(await owner.get("/v1/unknown"), 403, "not_through_cdn");
    expectProblem(await owner.delete("/v1/me"), 403, "not_through_cdn");
    expectProblem(await owner.get("/openapi.json"), 403, "not_through_cdn");
    expectProblem(
      await new TestClient().post("/auth/sign-in/email", OWNER),
      403,
      "not_through_cdn",
    );
    expectProblem(
      await owner.get("/v1/me", { headers: { "x-origin-verify": "wrong-secret-value-1" } }),
      403,
      "not_through_cdn",
    );
    const through = await owner.get("/v1/me", {
      headers: { "x-origin-verify": "front-layer-secret-123" },
    });
    expect(through.status).toBe(200);
    const health = await new TestClient().get("/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
  });

  it("requires an Origin equal to the dashboard's address for sign-in", async () => {
    const client = new TestClient();
    const response = await client.call("POST", "/auth/sign-in/email", {
      body: { email: OWNER.email, password: OWNER.password },
      headers: { origin: "" },
    });
    expect(response.status).toBe(403);
  });
});

describe("the /v1 wrapper, with an operation of its own", () => {
  const thing = defineOperation({
    id: "testThing",
    method: "PUT",
    path: "/v1/things/{id}",
    tag: "Test",
    summary: "test",
    access: "editor",
    params: idParams,
    body: z.strictObject({ name: z.string().min(1), http: z.strictObject({ url: z.url() }) }),
    readOnly: ["id", "createdAt"],
    response: z.object({ id: z.string(), name: z.string() }),
    status: 200,
  });
  const handlers = route({
    PUT: handle(thing, async ({ params, body }) => {
      if (body.name === "conflict") throw new ConflictError("illegal_transition", "Not now.");
      if (body.name === "crash") throw new Error("database exploded");
      return { id: params.id, name: body.name };
    }),
  });
  const call = (id: string, body: unknown, client = owner) =>
    handlers.PUT(
      new Request(`http://localhost:3000/v1/things/${id}`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ id }) },
    );
  const id = "019a0000-0000-7000-8000-000000000000";

  it("refuses a malformed path id, naming id", async () => {
    const response = await call("not-a-uuid", { name: "a", http: { url: "https://a.example" } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual([{ field: "id", message: expect.any(String) }]);
  });

  it("names nested fields as dotted paths", async () => {
    const response = await call(id, { name: "", http: { url: "nope", extra: true } });
    const body = await response.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "http.extra",
      "http.url",
      "name",
    ]);
  });

  it("ignores the resource's read-only fields so GET-modify-PUT works", async () => {
    const response = await call(id, {
      id,
      createdAt: "x",
      name: "a",
      http: { url: "https://a.example" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: "a" });
  });

  it("maps typed errors to problem+json and anything else to a generic 500", async () => {
    const conflict = await call(id, { name: "conflict", http: { url: "https://a.example" } });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).code).toBe("illegal_transition");
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const crash = await call(id, { name: "crash", http: { url: "https://a.example" } });
      expect(crash.status).toBe(500);
      const body = await crash.json();
      expect(body.code).toBe("internal_error");
      expect(body.detail).not.toContain("exploded");
      const logged = String((errors[0] as unknown[])[0]);
      expect(logged).toContain("Error: database exploded");
      expect(logged).toMatch(/\n\s+at /);
    } finally {
      console.error = original;
    }
  });

  it("answers 401 before validating, and 405 for other methods", async () => {
    const anonymous = await call("not-a-uuid", {}, new TestClient());
    expect(anonymous.status).toBe(401);
    const other = await handlers.GET(new Request(`http://localhost:3000/v1/things/${id}`), {
      params: Promise.resolve({ id }),
    });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("PUT");
  });
});
