import { describe, expect, it } from "vitest";
import { peerStamp, SOCKET_PEER_HEADER, socketPeer } from "@/lib/http/socket-peer";
import { isLoopback } from "@/lib/net/targets";
import { OWNER, TestClient } from "@/lib/testing/client";
import { firstRunLink, firstRunToken } from "@/lib/workspace/setup";

// Without SETUP_TOKEN: the server's own machine sets up freely, anyone else needs the token of
// the link the server printed. The peer is what the server stamped from the socket.
const remote = () => new TestClient(undefined, "192.0.2.77");

describe("first-run setup without SETUP_TOKEN", () => {
  it("refuses a caller on another machine without the printed token, and says where it is", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { "x-setup-token": "a-guess-of-the-token-0123456789" },
    ];
    for (const headers of attempts) {
      const client = remote();
      const response = await client.post("/v1/setup", OWNER, { headers });
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.body).toMatchObject({ status: 403, code: "setup_token_required" });
      expect(response.body.detail).toMatch(/setup link the server printed in its log/);
      expect((await client.get("/v1/me")).status).toBe(401);
    }
  });

  it("believes no address the request names: forwarded headers are not the socket's peer", async () => {
    const response = await remote().post("/v1/setup", OWNER, {
      headers: {
        "x-forwarded-for": "127.0.0.1",
        "x-real-ip": "127.0.0.1",
        forwarded: "for=127.0.0.1",
      },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("setup_token_required");
  });

  it("reads only a stamp this process made: a made-up or absent one is no peer", () => {
    expect(socketPeer(new Headers({ [SOCKET_PEER_HEADER]: peerStamp("127.0.0.1") }))).toBe(
      "127.0.0.1",
    );
    for (const forged of ["made-up-secret 127.0.0.1", "127.0.0.1", ` 127.0.0.1`, ""]) {
      expect(socketPeer(new Headers({ [SOCKET_PEER_HEADER]: forged }))).toBeNull();
    }
    expect(socketPeer(new Headers())).toBeNull();
    expect(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["192.0.2.1", "::ffff:192.0.2.1", "fd00::2", "0.0.0.0", "::"].some(isLoopback)).toBe(
      false,
    );
  });

  it("lets a caller on another machine set up with the printed link's token", async () => {
    expect(firstRunLink()).toBe(`http://localhost:3000/setup?token=${firstRunToken()}`);
    const client = remote();
    const response = await client.post("/v1/setup", OWNER, {
      headers: { "x-setup-token": firstRunToken() },
    });
    expect(response.status, response.text).toBe(201);
    expect((await client.get("/v1/me")).status).toBe(200);
  });
});
