import { sql } from "drizzle-orm";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { ensureRegionSlots, runDueChecks } from "@/lib/monitors/checker";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";

const TOKEN = "metrics-token-0123456789abcdef";
let owner: TestClient;
let target: Receiver;

type Sample = {
  value?: string;
  labels?: Record<string, string>;
  count?: string;
  buckets?: Record<string, string>;
};
type Family = { name: string; type: string; metrics: Sample[] };

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  resetConfig();
  ({ client: owner } = await setUpOwner());
  target = await new Receiver().start();
  await ensureRegionSlots();
});

afterAll(async () => {
  await target.stop();
  delete process.env.ALLOW_PRIVATE_TARGETS;
  delete process.env.METRICS_TOKEN;
  resetConfig();
});

/**
 * One series of a labelled histogram, parsed alone: the parser keeps buckets, sum and count only
 * for a histogram without labels, so the series' lines are taken out with its labels removed.
 */
function histogram(text: string, name: string, labels: Record<string, string>): Sample | undefined {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const lines = text
    .split("\n")
    .filter((line) => line.startsWith(`${name}_`) && pairs.every((pair) => line.includes(pair)))
    .map((line) => {
      const [series, value] = [
        line.slice(0, line.lastIndexOf(" ")),
        line.slice(line.lastIndexOf(" ")),
      ];
      const le = /le="[^"]*"/.exec(series)?.[0];
      return `${series.slice(0, series.indexOf("{"))}${le ? `{${le}}` : ""}${value}`;
    });
  const [family] = parsePrometheusTextFormat(
    [`# TYPE ${name} histogram`, ...lines, ""].join("\n"),
  ) as Family[];
  return family?.metrics[0];
}

async function scrapeText(): Promise<string> {
  const response = await new TestClient().get("/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status, response.text).toBe(200);
  return response.text;
}

async function scrape(): Promise<Map<string, Family>> {
  const response = await new TestClient().get("/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const families = parsePrometheusTextFormat(response.text) as Family[];
  return new Map(families.map((family) => [family.name, family]));
}

const sample = (family: Family | undefined, labels: Record<string, string>) =>
  family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe("GET /metrics", () => {
  it("is off without METRICS_TOKEN, and asks for the token once on", async () => {
    delete process.env.METRICS_TOKEN;
    resetConfig();
    const off = await new TestClient().get("/metrics");
    expect(off.status).toBe(404);
    expect(off.body.code).toBe("not_found");

    process.env.METRICS_TOKEN = TOKEN;
    resetConfig();
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`]) {
      const refused = await new TestClient().get("/metrics", {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status, authorization).toBe(401);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.body.code).toBe("unauthenticated");
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    // A member's session is not the token.
    const member = await owner.get("/metrics");
    expect(member.status).toBe(401);
  });

  it("reports components, monitors, check lag, queues and request durations", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfig();
    const created = await owner.post("/v1/components", { name: "Payments API" });
    expect(created.status).toBe(201);
    const changed = await owner.patch(`/v1/components/${created.body.id}`, {
      status: "partial_outage",
    });
    expect(changed.status).toBe(200);
    // Another component of the same name, operational: each keeps its own series.
    const twin = await owner.post("/v1/components", { name: "Payments API" });
    expect(twin.status).toBe(201);
    target.always("/up", { status: 200, body: "ok" });
    const monitor = await owner.post("/v1/monitors", {
      name: "Checkout",
      http: { url: `${target.url}/up` },
      detection: { intervalSeconds: 30, failureThreshold: 1, recoveryThreshold: 1 },
    });
    expect(monitor.status, monitor.text).toBe(201);
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = now() where monitor_id = ${monitor.body.id}`,
    );
    await runDueChecks();
    // A second monitor whose check is overdue by a minute and not yet claimed.
    const late = await owner.post("/v1/monitors", {
      name: "Late",
      http: { url: `${target.url}/up` },
      detection: { intervalSeconds: 30, failureThreshold: 1, recoveryThreshold: 1 },
    });
    expect(late.status).toBe(201);
    await db.execute(
      sql`update monitor_region set next_due_at = now() - interval '60 seconds'
          where monitor_id = ${late.body.id}`,
    );

    const metrics = await scrape();
    const status = metrics.get("allclear_component_status")!;
    expect(status.type).toBe("GAUGE");
    const id = created.body.id;
    expect(sample(status, { component_id: id, status: "partial_outage" })?.value).toBe("1");
    expect(sample(status, { component_id: twin.body.id, status: "partial_outage" })?.value).toBe(
      "0",
    );
    expect(sample(status, { component_id: twin.body.id, status: "operational" })?.value).toBe("1");
    expect(
      sample(metrics.get("allclear_component_info"), { component_id: id })?.labels?.component,
    ).toBe("Payments API");

    expect(
      sample(metrics.get("allclear_monitor_info"), { monitor_id: monitor.body.id })?.labels
        ?.monitor,
    ).toBe("Checkout");
    expect(sample(metrics.get("allclear_monitor_up"), { monitor_id: monitor.body.id })?.value).toBe(
      "1",
    );
    const text = await scrapeText();
    const checks = histogram(text, "allclear_monitor_check_duration_seconds", {
      monitor_id: monitor.body.id,
      status: "up",
    });
    expect(Number(checks?.count)).toBe(1);
    expect(checks?.buckets?.["+Inf"]).toBe("1");

    const lag = Number(sample(metrics.get("allclear_check_lag_seconds"), {})?.value);
    expect(lag).toBeGreaterThanOrEqual(59);
    expect(lag).toBeLessThan(120);

    for (const [name, table] of [
      ["allclear_deliveries", "delivery"],
      ["allclear_emails", "email_message"],
    ] as const) {
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where state = 'pending'`,
        ),
      );
      expect(Number(sample(metrics.get(name), { state: "pending" })?.value), name).toBe(counted!.n);
      expect(sample(metrics.get(name), { state: "failed" })?.value, name).toBe("0");
    }

    const requests = histogram(text, "allclear_http_request_duration_seconds", {
      method: "PATCH",
      route: "/v1/components/{id}",
      status: "200",
    });
    expect(Number(requests?.count)).toBe(1);
    expect(metrics.get("process_cpu_seconds_total")?.type).toBe("COUNTER");
    // Nothing of the workspace beyond names: no addresses, ids of members, or text.
    expect(text).not.toContain(target.url);
    expect(text).not.toContain("owner@example.com");
  });
});
