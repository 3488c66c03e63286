import Ajv from "ajv";
import { expect } from "vitest";
import { TestClient, type TestResponse } from "./client";

/** A form body as Statuspage's curl examples send one (`-d "component[name]=…"`). */
export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Checks answers against JSON Schemas written from Statuspage's documentation: `shaped(kind,
 * response)` fails the test with ajv's reasons, else gives the body. Each schema also checks a
 * list of its kind, under `${kind}s`.
 */
export function schemaChecks<K extends string>(schemas: Record<K, object>) {
  const ajv = new Ajv({ allErrors: true });
  const checks = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const [kind, schema] of Object.entries<object>(schemas)) {
    checks.set(kind, ajv.compile(schema));
    checks.set(`${kind}s`, ajv.compile({ type: "array", items: schema }));
  }
  return function shaped(kind: K | `${K}s`, response: TestResponse) {
    const check = checks.get(kind)!;
    expect(check(response.body), JSON.stringify(check.errors)).toBe(true);
    return response.body;
  };
}

/** A script's call as Statuspage's examples make it: the key in an `OAuth` header. */
export function scriptCalls(secret: () => string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new TestClient().call(method, path, {
      body,
      headers: { authorization: `OAuth ${secret()}`, ...headers },
    });
}
