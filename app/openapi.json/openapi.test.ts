import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/api/registry";
import { STATUSPAGE_FILES } from "@/lib/public/statuspage";
import { TestClient } from "@/lib/testing/client";

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document describing every /v1 operation", async () => {
    const response = await new TestClient().get("/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
    for (const operation of operations) {
      const described = document.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${operation.path}`).toBeDefined();
      expect(described.operationId).toBe(operation.id);
      expect(described["x-required-role"]).toBe(operation.access);
      expect(described.responses[String(operation.status)]).toBeDefined();
      if (operation.body)
        expect(described.requestBody.content["application/json"].schema).toBeDefined();
    }
  });

  it("describes the public Statuspage files and feeds under the Public tag, from their schemas", async () => {
    const document = (await new TestClient().get("/openapi.json")).body;
    expect(document.tags.map((t: { name: string }) => t.name)).toContain("Public");
    for (const file of Object.keys(STATUSPAGE_FILES)) {
      const get = document.paths[`/api/v2/${file}`]?.get;
      expect(get, file).toBeDefined();
      expect(get.tags).toEqual(["Public"]);
      expect(get.security).toEqual([]);
      expect(get.responses["200"].content["application/json"].schema).toBeDefined();
    }
    expect(document.components.schemas.StatuspageComponent.required).toContain(
      "only_show_if_degraded",
    );
    expect(
      document.paths["/history.rss"].get.responses["200"].content["application/rss+xml"],
    ).toBeDefined();
  });

  it("is built once and revalidated with its ETag", async () => {
    const client = new TestClient();
    const first = await client.get("/openapi.json");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers.get("content-type")).toBe("application/json");
    const second = await client.get("/openapi.json");
    expect(second.text).toBe(first.text);
    expect(second.headers.get("etag")).toBe(etag);
    const unchanged = await client.get("/openapi.json", { headers: { "if-none-match": etag! } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");
    const changed = await client.get("/openapi.json", { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  it("describes request and problem shapes from the zod schemas", async () => {
    const document = (await new TestClient().get("/openapi.json")).body;
    const setup = document.paths["/v1/setup"].post;
    expect(setup.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/SetupInput",
    });
    const input = document.components.schemas.SetupInput;
    expect(input.required.sort()).toEqual(["email", "name", "password", "workspaceName"]);
    expect(input.additionalProperties).toBe(false);
    expect(setup.responses["409"].content["application/problem+json"].schema.$ref).toBe(
      "#/components/schemas/Problem",
    );
    expect(document.components.schemas.Me.properties.role).toEqual({
      $ref: "#/components/schemas/Role",
    });
  });
});
