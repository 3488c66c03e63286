import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";

let admin: TestClient;
let receiver: Receiver;

function allowPrivate(allowed: boolean) {
  process.env.ALLOW_PRIVATE_TARGETS = String(allowed);
  resetConfig();
}

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
});

afterAll(async () => receiver.stop());
afterEach(() => allowPrivate(false));

describe("outgoing targets", () => {
  it.each([
    ["loopback", "https://127.0.0.1/hook"],
    ["loopback by name", "https://localhost/hook"],
    ["private 10/8", "https://10.1.2.3/hook"],
    ["private 172.16/12", "https://172.20.0.5/hook"],
    ["private 192.168/16", "https://192.168.1.10/hook"],
    ["link-local and cloud metadata", "https://169.254.169.254/latest/meta-data"],
    ["CGNAT", "https://100.64.1.1/hook"],
    ["unspecified", "https://0.0.0.0/hook"],
    ["IPv6 loopback", "https://[::1]/hook"],
    ["IPv6 unique local", "https://[fd00:ec2::254]/hook"],
    ["IPv6 link-local", "https://[fe80::1]/hook"],
    ["IPv4-mapped IPv6", "https://[::ffff:127.0.0.1]/hook"],
    ["IPv4-mapped IPv6 private", "https://[::ffff:a00:1]/hook"],
    ["NAT64 of a private address", "https://[64:ff9b::a00:1]/hook"],
    ["IPv4-compatible IPv6 loopback", "https://[::7f00:1]/hook"],
    ["IPv4-compatible IPv6, dotted", "https://[::127.0.0.1]/hook"],
    ["IPv4-translated IPv6 loopback", "https://[::ffff:0:7f00:1]/hook"],
    ["IPv4-translated IPv6 private", "https://[::ffff:0:a00:1]/hook"],
    ["6to4 of a private address", "https://[2002:a00:1::1]/hook"],
    ["plain http to a public address", "http://93.184.216.34/hook"],
    ["credentials in the URL", "https://user:pass@93.184.216.34/hook"],
  ])("refuses %s at create with 400 naming url", async (_name, url) => {
    allowPrivate(false);
    const response = await admin.post("/v1/webhook-endpoints", { kind: "webhook", name: "X", url });
    expect(response.status, response.text).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors).toEqual([{ field: "url", message: expect.any(String) }]);
  });

  it.each([
    ["the metadata address", "https://169.254.169.254/latest/meta-data"],
    ["ECS's metadata address", "http://169.254.170.2/v2/credentials"],
    ["Alibaba's metadata address", "http://100.100.100.200/latest/meta-data"],
    ["AWS's IPv6 metadata address", "http://[fd00:ec2::254]/latest"],
    ["the metadata address, IPv4-mapped", "http://[::ffff:169.254.169.254]/latest"],
    ["the metadata address, mapped in hex", "http://[::ffff:a9fe:a9fe]/latest"],
    ["the metadata address, IPv4-compatible", "http://[::a9fe:a9fe]/latest"],
    ["the metadata address, IPv4-translated", "http://[::ffff:0:a9fe:a9fe]/latest"],
    ["the metadata address, NAT64", "http://[64:ff9b::a9fe:a9fe]/latest"],
  ])("refuses %s even with ALLOW_PRIVATE_TARGETS", async (_name, url) => {
    allowPrivate(true);
    const response = await admin.post("/v1/webhook-endpoints", { kind: "webhook", name: "X", url });
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors).toEqual([{ field: "url", message: expect.any(String) }]);
  });

  it.each([
    ["IPv4-mapped", "https://[::ffff:93.184.216.34]/hook"],
    ["NAT64", "https://[64:ff9b::5db8:d822]/hook"],
  ])("accepts the %s IPv6 form of a public address", async (_name, url) => {
    allowPrivate(false);
    const response = await admin.post("/v1/webhook-endpoints", { kind: "slack", name: "X", url });
    expect(response.status, response.text).toBe(201);
  });

  it("accepts a public https address", async () => {
    allowPrivate(false);
    const response = await admin.post("/v1/webhook-endpoints", {
      kind: "slack",
      name: "Public",
      url: "https://93.184.216.34/services/x",
    });
    expect(response.status, response.text).toBe(201);
  });

  it("refuses at send time a name that now resolves to 127.0.0.1, and sends nothing", async () => {
    // Accepted while private targets were allowed; the check at send time still applies.
    allowPrivate(true);
    const created = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Rebound",
      url: `${receiver.url}/rebound`,
    });
    expect(created.status).toBe(201);
    allowPrivate(false);
    const result = await admin.post(`/v1/webhook-endpoints/${created.body.endpoint.id}/test`);
    expect(result.status).toBe(200);
    expect(result.body.ok).toBe(false);
    expect(result.body.status).toBe(0);
    // What the name resolves to inside this network is not told.
    expect(result.body.detail).toMatch(/localhost resolves to a private or reserved address/);
    expect(result.body.detail).not.toMatch(/127\.0\.0\.1|::1/);
    expect(receiver.on("/rebound")).toHaveLength(0);

    // With private targets allowed again, the same endpoint is reached.
    allowPrivate(true);
    expect(
      (await admin.post(`/v1/webhook-endpoints/${created.body.endpoint.id}/test`)).body.ok,
    ).toBe(true);
    expect(receiver.on("/rebound")).toHaveLength(1);
  });

  it("tells an operator testing on one machine how to allow private targets, never for a metadata address", async () => {
    allowPrivate(false);
    const local = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Local",
      url: "https://localhost:4000/hook",
    });
    expect(local.status).toBe(400);
    expect(local.body.errors[0].message).toMatch(/ALLOW_PRIVATE_TARGETS=true allows private/);
    const plain = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Plain",
      url: "http://example.com/hook",
    });
    expect(plain.body.errors[0].message).toMatch(/ALLOW_PRIVATE_TARGETS=true also allows http/);
    const metadata = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Metadata",
      url: "https://169.254.169.254/latest",
    });
    expect(metadata.status).toBe(400);
    expect(metadata.body.errors[0].message).not.toMatch(/ALLOW_PRIVATE_TARGETS/);
    allowPrivate(true);
  });
});
