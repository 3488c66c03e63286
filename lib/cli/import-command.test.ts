import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, tokenClient, TestClient } from "@/lib/testing/client";
import { uptimeKumaBackup } from "@/lib/testing/import-sources";
import { Program } from "@/lib/testing/processes";
import { Receiver } from "@/lib/testing/receiver";

/**
 * `npm run import` as a user runs it: its own process, talking to Allclear's API over HTTP with
 * an admin token (here a loopback server in front of this process's route handlers).
 */

let owner: TestClient;
let secret: string;
let server: Server;
let allclear: string;
let target: Receiver;
let backupFile: string;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  resetConfig();
  ({ client: owner } = await setUpOwner());
  secret = (await tokenClient(owner, "admin")).secret;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const answer = await new TestClient().call(request.method!, request.url!, {
        body: chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined,
        headers: {
          authorization: request.headers.authorization ?? "",
          "content-type": request.headers["content-type"] ?? "application/json",
        },
      });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  allclear = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  target = await new Receiver().start();
  const folder = await mkdtemp(path.join(tmpdir(), "kuma-"));
  backupFile = path.join(folder, "Uptime_Kuma_Backup.json");
  await writeFile(backupFile, JSON.stringify(uptimeKumaBackup(target.url), null, 4));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await target.stop();
  delete process.env.ALLOW_PRIVATE_TARGETS;
  resetConfig();
});

const run = async (args: string[], token = secret) => {
  const program = new Program(
    "lib/cli/import.ts",
    { ALLCLEAR_URL: allclear, ALLCLEAR_TOKEN: token },
    args,
  );
  const code = await program.finished();
  return { code, output: program.output.join("") };
};

describe("npm run import", () => {
  it("dry-runs, then imports an Uptime Kuma backup file", async () => {
    const dry = await run(["uptime-kuma", "--file", backupFile, "--dry-run"]);
    expect(dry.code, dry.output).toBe(0);
    expect(dry.output).toContain("Dry run: nothing was changed.");
    expect(dry.output).toMatch(/create\s+monitor\s+Shop \/ API health/);
    expect(dry.output).toMatch(/skip\s+monitor\s+Gateway — Allclear has no ICMP ping checks\./);
    expect((await owner.get("/v1/monitors")).body.monitors).toEqual([]);

    const real = await run(["uptime-kuma", "--file", backupFile]);
    expect(real.code, real.output).toBe(0);
    expect(real.output).toMatch(/monitor\s+5 create, 4 skip/);
    expect((await owner.get("/v1/monitors")).body.monitors).toHaveLength(5);
  });

  it("says what is wrong, and exits non-zero", async () => {
    const missing = await run(["uptime-kuma"]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("uptime-kuma needs --file");
    const refused = await run(["statuspage-public", "--url", "not a url", "--dry-run"]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Refused (400)");
    expect(refused.output).toContain("url: Must be an absolute URL.");
    const unknown = await run(["uptime-kuma", "--file", backupFile], "ac_wrong");
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("Refused (401)");
  });
});
