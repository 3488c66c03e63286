import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import { getDb, rowsOf } from "@/db/client";
import { operations } from "@/lib/api/registry";
import { resetConfig } from "@/lib/config";
import { ensureRegionSlots, runDueChecks } from "@/lib/monitors/checker";
import { attemptDelivery, claimDueDeliveries } from "@/lib/notifications/deliveries";
import { fanOutPending } from "@/lib/outbox/fan-out";
import { jobHandlers } from "@/lib/runner/handlers";
import { runDueJobs } from "@/lib/runner/jobs";
import {
  memberWithRole,
  OWNER,
  setUpOwner,
  TestClient,
  tokenClient,
  type TestResponse,
} from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { pruneAuditLog } from "./log";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

let owner: TestClient;
let ownerId: string;
let workspaceId: string;
/** An admin token: every change it may make is attributed to it. */
let script: TestClient;
let scriptId: string;
let receiver: Receiver;

beforeAll(async () => {
  ({ client: owner, userId: ownerId, workspaceId } = await setUpOwner());
  ({ client: script, id: scriptId } = await tokenClient(owner, "admin", { name: "Deploy bot" }));
  receiver = await new Receiver().start();
});

afterAll(() => receiver.stop());

type Entry = {
  id: string;
  at: string;
  actor: { type: string; id: string | null; name: string };
  action: string;
  target: { type: string; id: string | null; name: string | null };
  changes?: Record<string, { from: unknown; to: unknown }>;
};

async function entries(query = ""): Promise<Entry[]> {
  const response = await owner.get(`/v1/audit-log?limit=200${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.entries;
}

const later = (minute = 1) => new Date(Date.now() + minute * 60_000).toISOString();

async function ok(response: Promise<TestResponse>): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBeLessThan(300);
  return answered;
}

const component = async (name = "API") =>
  (await ok(script.post("/v1/components", { name }))).body.id as string;
let pages = 0;
const statusPage = async () =>
  (await ok(script.post("/v1/pages", { name: "Internal", slug: `internal-${++pages}` }))).body
    .id as string;
const audience = async () => {
  const page = await statusPage();
  const made = await ok(
    script.post(`/v1/pages/${page}/audiences`, { name: "Partners", componentIds: [] }),
  );
  return [page, made.body.id as string] as const;
};
// Saved turned off, the provider's issuer is not asked for its discovery document.
const SSO_OFF = {
  enabled: false,
  issuer: "https://id.example.com",
  clientId: "allclear",
  clientSecret: "a client secret",
};
const group = async () =>
  (await ok(script.post("/v1/component-groups", { name: "Group" }))).body.id as string;
const incident = async (visibility = "published") =>
  (
    await ok(
      script.post("/v1/incidents", {
        title: "Slow logins",
        impact: "minor",
        body: "Looking into it.",
        visibility,
      }),
    )
  ).body as { id: string; updates: { id: string }[] };
/** A published, resolved incident, with a draft postmortem when asked. */
const resolvedIncident = async ({ postmortem = false } = {}) => {
  const { id } = await incident();
  await ok(script.post(`/v1/incidents/${id}/updates`, { status: "resolved", body: "Fixed." }));
  if (postmortem) {
    await ok(script.put(`/v1/incidents/${id}/postmortem`, { body: "What happened." }));
  }
  return id;
};
const seriesInput = () => ({
  title: "Weekly patching",
  body: "",
  startsAt: later(30),
  endsAt: later(60),
  componentIds: [],
  recurrence: "FREQ=WEEKLY",
});
const series = async () =>
  (await ok(script.post("/v1/maintenance-series", seriesInput()))).body.id as string;
const maintenanceWindow = async (startsAt = later(60)) =>
  (
    await ok(
      script.post("/v1/maintenances", {
        title: "Database upgrade",
        body: "",
        startsAt,
        endsAt: later(120),
        componentIds: [],
      }),
    )
  ).body.id as string;
const monitorInput = (name: string) => ({ name, http: { url: `${receiver.url}/health` } });
const monitor = async () =>
  (await ok(script.post("/v1/monitors", monitorInput("Checked")))).body.id as string;
const endpoint = async (path = "/hook") =>
  (
    await ok(
      script.post("/v1/webhook-endpoints", {
        kind: "webhook",
        name: "Receiver",
        url: `${receiver.url}${path}`,
      }),
    )
  ).body.endpoint.id as string;
const invitation = async () =>
  (
    await ok(
      owner.post("/v1/invitations", { email: `i-${Date.now()}@example.com`, role: "viewer" }),
    )
  ).body as { invitation: { id: string }; token: string };
const member = async () => {
  const { token } = await invitation();
  const accepted = await ok(
    new TestClient().post("/v1/invitations/accept", {
      token,
      name: "New member",
      password: "member password 1",
    }),
  );
  return accepted.body.userId as string;
};

/** A delivery the receiver refused for good (a 400 fails at once). */
async function failedDelivery(): Promise<{ endpointId: string; deliveryId: string }> {
  receiver.always("/refuses", { status: 400 });
  const endpointId = await endpoint("/refuses");
  await incident();
  await fanOutPending();
  for (const claimed of await claimDueDeliveries({ limit: 100 })) await attemptDelivery(claimed);
  const listed = await ok(owner.get(`/v1/webhook-endpoints/${endpointId}/deliveries`));
  const failed = listed.body.deliveries.find((d: { state: string }) => d.state === "failed");
  return { endpointId, deliveryId: failed.id };
}

/** The smallest PNG: one transparent pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const TEMPLATE = {
  name: "Checkout errors",
  title: "Errors at checkout",
  body: "Investigating since {{start}}.",
  impact: "minor",
};

/** A template made by the script, for the recipes that change or use one. */
async function template(): Promise<string> {
  const created = await script.post("/v1/incident-templates", TEMPLATE);
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

type Made = { response: TestResponse; target: string | null };
type Recipe = { action: string; by: "token" | "owner" | "invitee"; run: () => Promise<Made> };

const made = async (response: Promise<TestResponse>, target: string | null): Promise<Made> => ({
  response: await response,
  target,
});

/**
 * How to make each changing operation succeed, and the entry it must write. Derived from the
 * operation table below: an operation that changes something and has no recipe fails the test.
 */
const RECIPES: Record<string, Recipe> = {
  setup: {
    action: "workspace.create",
    by: "owner",
    // Setup ran once, before everything; its entry is looked for all the same.
    run: async () => ({ response: { status: 201 } as TestResponse, target: workspaceId }),
  },
  patchWorkspace: {
    action: "workspace.update",
    by: "token",
    run: () => made(script.patch("/v1/workspace", { name: "Acme Inc" }), workspaceId),
  },
  setReportSchedule: {
    action: "report_schedule.update",
    by: "token",
    run: () =>
      made(script.put("/v1/reports/schedule", { recipients: ["cfo@example.com"] }), workspaceId),
  },
  setWorkspaceImage: {
    action: "workspace.image_set",
    by: "token",
    run: () =>
      made(
        script.put("/v1/workspace/images/favicon", PNG, {
          headers: { "content-type": "image/png" },
        }),
        workspaceId,
      ),
  },
  removeWorkspaceImage: {
    action: "workspace.image_remove",
    by: "token",
    run: async () => {
      await ok(
        script.put("/v1/workspace/images/logo-dark", PNG, {
          headers: { "content-type": "image/png" },
        }),
      );
      return made(script.delete("/v1/workspace/images/logo-dark"), workspaceId);
    },
  },
  createInvitation: {
    action: "invitation.create",
    by: "owner",
    run: async () => {
      const response = await owner.post("/v1/invitations", {
        email: "invited@example.com",
        role: "editor",
      });
      return { response, target: response.body.invitation.id };
    },
  },
  resendInvitation: {
    action: "invitation.resend",
    by: "owner",
    run: async () => {
      const { invitation: sent } = await invitation();
      return made(owner.post(`/v1/invitations/${sent.id}/resend`), sent.id);
    },
  },
  revokeInvitation: {
    action: "invitation.revoke",
    by: "owner",
    run: async () => {
      const { invitation: sent } = await invitation();
      return made(owner.delete(`/v1/invitations/${sent.id}`), sent.id);
    },
  },
  acceptInvitation: {
    action: "invitation.accept",
    by: "invitee",
    run: async () => {
      const { token } = await invitation();
      const response = await new TestClient().post("/v1/invitations/accept", {
        token,
        name: "Ivy Invitee",
        password: "member password 1",
      });
      return { response, target: response.body.userId };
    },
  },
  changeMemberRole: {
    action: "member.role_change",
    by: "owner",
    run: async () => {
      const userId = await member();
      return made(owner.patch(`/v1/members/${userId}`, { role: "editor" }), userId);
    },
  },
  removeMember: {
    action: "member.remove",
    by: "owner",
    run: async () => {
      const userId = await member();
      return made(owner.delete(`/v1/members/${userId}`), userId);
    },
  },
  createComponent: {
    action: "component.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/components", { name: "Checkout" });
      return { response, target: response.body.id };
    },
  },
  createPage: {
    action: "page.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/pages", { name: "Partners", slug: "partners" });
      return { response, target: response.body.id };
    },
  },
  updatePage: {
    action: "page.update",
    by: "token",
    run: async () => {
      const id = await statusPage();
      return made(script.patch(`/v1/pages/${id}`, { name: "Internal status" }), id);
    },
  },
  deletePage: {
    action: "page.delete",
    by: "token",
    run: async () => {
      const id = await statusPage();
      return made(script.delete(`/v1/pages/${id}`), id);
    },
  },
  putSso: {
    action: "sso.update",
    by: "token",
    run: async () => {
      return made(script.put("/v1/workspace/sso", SSO_OFF), workspaceId);
    },
  },
  deleteSso: {
    action: "sso.delete",
    by: "token",
    run: async () => {
      await ok(script.put("/v1/workspace/sso", SSO_OFF));
      return made(script.delete("/v1/workspace/sso"), workspaceId);
    },
  },
  createAudience: {
    action: "audience.create",
    by: "token",
    run: async () => {
      const page = await statusPage();
      const response = await script.post(`/v1/pages/${page}/audiences`, {
        name: "Partners",
        componentIds: [],
        members: ["ops@partner.example"],
      });
      return { response, target: response.body.id };
    },
  },
  updateAudience: {
    action: "audience.update",
    by: "token",
    run: async () => {
      const [page, id] = await audience();
      return made(script.patch(`/v1/pages/${page}/audiences/${id}`, { name: "Resellers" }), id);
    },
  },
  deleteAudience: {
    action: "audience.delete",
    by: "token",
    run: async () => {
      const [page, id] = await audience();
      return made(script.delete(`/v1/pages/${page}/audiences/${id}`), id);
    },
  },
  updateComponent: {
    action: "component.update",
    by: "token",
    run: async () => {
      const id = await component();
      return made(script.patch(`/v1/components/${id}`, { status: "major_outage" }), id);
    },
  },
  deleteComponent: {
    action: "component.delete",
    by: "token",
    run: async () => {
      const id = await component();
      return made(script.delete(`/v1/components/${id}`), id);
    },
  },
  orderComponents: {
    action: "component.reorder",
    by: "token",
    run: async () => {
      const ids = (await ok(script.get("/v1/components"))).body.components.map(
        (c: { id: string }) => c.id,
      );
      return made(script.put("/v1/components/order", { ids: ids.reverse() }), null);
    },
  },
  createComponentGroup: {
    action: "component_group.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/component-groups", { name: "Core" });
      return { response, target: response.body.id };
    },
  },
  updateComponentGroup: {
    action: "component_group.update",
    by: "token",
    run: async () => {
      const id = await group();
      return made(script.patch(`/v1/component-groups/${id}`, { name: "Renamed" }), id);
    },
  },
  deleteComponentGroup: {
    action: "component_group.delete",
    by: "token",
    run: async () => {
      const id = await group();
      return made(script.delete(`/v1/component-groups/${id}`), id);
    },
  },
  orderComponentGroups: {
    action: "component_group.reorder",
    by: "token",
    run: async () => {
      const ids = (await ok(script.get("/v1/components"))).body.groups.map(
        (g: { id: string }) => g.id,
      );
      return made(script.put("/v1/component-groups/order", { ids: ids.reverse() }), null);
    },
  },
  createStatuspageComponent: {
    action: "component.create",
    by: "token",
    run: async () => {
      const response = await script.post(`/v1/pages/${workspaceId}/components`, {
        component: { name: "Checkout" },
      });
      return { response, target: response.body.id };
    },
  },
  patchStatuspageComponent: {
    action: "component.update",
    by: "token",
    run: async () => {
      const id = await component();
      return made(
        script.patch(`/v1/pages/${workspaceId}/components/${id}`, {
          component: { status: "major_outage" },
        }),
        id,
      );
    },
  },
  putStatuspageComponent: {
    action: "component.update",
    by: "token",
    run: async () => {
      const id = await component();
      return made(
        script.put(`/v1/pages/${workspaceId}/components/${id}`, { component: { name: "Renamed" } }),
        id,
      );
    },
  },
  deleteStatuspageComponent: {
    action: "component.delete",
    by: "token",
    run: async () => {
      const id = await component();
      return made(script.delete(`/v1/pages/${workspaceId}/components/${id}`), id);
    },
  },
  createStatuspageComponentGroup: {
    action: "component_group.create",
    by: "token",
    run: async () => {
      const response = await script.post(`/v1/pages/${workspaceId}/component-groups`, {
        component_group: { name: "Backend", components: [await component()] },
      });
      return { response, target: response.body.id };
    },
  },
  patchStatuspageComponentGroup: {
    action: "component_group.update",
    by: "token",
    run: async () => {
      const id = await group();
      return made(
        script.patch(`/v1/pages/${workspaceId}/component-groups/${id}`, {
          component_group: { name: "Renamed" },
        }),
        id,
      );
    },
  },
  putStatuspageComponentGroup: {
    action: "component_group.update",
    by: "token",
    run: async () => {
      const id = await group();
      return made(
        script.put(`/v1/pages/${workspaceId}/component-groups/${id}`, {
          component_group: { name: "Renamed again" },
        }),
        id,
      );
    },
  },
  deleteStatuspageComponentGroup: {
    action: "component_group.delete",
    by: "token",
    run: async () => {
      const id = await group();
      return made(script.delete(`/v1/pages/${workspaceId}/component-groups/${id}`), id);
    },
  },
  createStatuspageIncident: {
    action: "incident.create",
    by: "token",
    run: async () => {
      const response = await script.post(`/v1/pages/${workspaceId}/incidents`, {
        incident: { name: "Checkout errors", status: "investigating" },
      });
      return { response, target: response.body.id };
    },
  },
  patchStatuspageIncident: {
    action: "incident_update.create",
    by: "token",
    run: async () => {
      const { id } = await incident();
      return made(
        script.patch(`/v1/pages/${workspaceId}/incidents/${id}`, {
          incident: { status: "resolved", body: "Fixed." },
        }),
        id,
      );
    },
  },
  putStatuspageIncident: {
    action: "incident.update",
    by: "token",
    run: async () => {
      const { id } = await incident();
      return made(
        script.put(`/v1/pages/${workspaceId}/incidents/${id}`, { incident: { name: "Renamed" } }),
        id,
      );
    },
  },
  deleteStatuspageIncident: {
    action: "maintenance.cancel",
    by: "token",
    run: async () => {
      const id = await maintenanceWindow();
      return made(script.delete(`/v1/pages/${workspaceId}/incidents/${id}`), id);
    },
  },
  patchStatuspageIncidentUpdate: {
    action: "incident_update.update",
    by: "token",
    run: async () => {
      const { id, updates } = await incident();
      return made(
        script.patch(
          `/v1/pages/${workspaceId}/incidents/${id}/incident_updates/${updates[0]!.id}`,
          {
            incident_update: { body: "Corrected." },
          },
        ),
        id,
      );
    },
  },
  putStatuspageIncidentUpdate: {
    action: "incident_update.update",
    by: "token",
    run: async () => {
      const { id, updates } = await incident();
      return made(
        script.put(`/v1/pages/${workspaceId}/incidents/${id}/incident_updates/${updates[0]!.id}`, {
          incident_update: { body: "Corrected again." },
        }),
        id,
      );
    },
  },
  createIncident: {
    action: "incident.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/incidents", {
        title: "Checkout errors",
        impact: "major",
        body: "Investigating.",
      });
      return { response, target: response.body.id };
    },
  },
  savePostmortem: {
    action: "postmortem.save",
    by: "token",
    run: async () => {
      const id = await resolvedIncident();
      return made(script.put(`/v1/incidents/${id}/postmortem`, { body: "What happened." }), id);
    },
  },
  publishPostmortem: {
    action: "postmortem.publish",
    by: "token",
    run: async () => {
      const id = await resolvedIncident({ postmortem: true });
      return made(script.post(`/v1/incidents/${id}/postmortem/publish`), id);
    },
  },
  deletePostmortem: {
    action: "postmortem.delete",
    by: "token",
    run: async () => {
      const id = await resolvedIncident({ postmortem: true });
      return made(script.delete(`/v1/incidents/${id}/postmortem`), id);
    },
  },
  createIncidentTemplate: {
    action: "incident_template.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/incident-templates", TEMPLATE);
      return { response, target: response.body.id };
    },
  },
  updateIncidentTemplate: {
    action: "incident_template.update",
    by: "token",
    run: async () => {
      const id = await template();
      return made(script.patch(`/v1/incident-templates/${id}`, { impact: "major" }), id);
    },
  },
  deleteIncidentTemplate: {
    action: "incident_template.delete",
    by: "token",
    run: async () => {
      const id = await template();
      return made(script.delete(`/v1/incident-templates/${id}`), id);
    },
  },
  declareFromTemplate: {
    action: "incident.create",
    by: "token",
    run: async () => {
      const id = await template();
      const response = await script.post(`/v1/incident-templates/${id}/incidents`, {});
      return { response, target: response.body.id };
    },
  },
  patchIncident: {
    action: "incident.update",
    by: "token",
    run: async () => {
      const { id } = await incident("draft");
      return made(script.patch(`/v1/incidents/${id}`, { visibility: "published" }), id);
    },
  },
  postIncidentUpdate: {
    action: "incident_update.create",
    by: "token",
    run: async () => {
      const { id } = await incident();
      return made(
        script.post(`/v1/incidents/${id}/updates`, { status: "resolved", body: "Fixed." }),
        id,
      );
    },
  },
  deleteIncident: {
    action: "incident.delete",
    by: "token",
    run: async () => {
      const { id } = await incident("draft");
      return made(script.delete(`/v1/incidents/${id}`), id);
    },
  },
  editIncidentUpdate: {
    action: "incident_update.update",
    by: "token",
    run: async () => {
      const { id, updates } = await incident();
      return made(
        script.patch(`/v1/incidents/${id}/updates/${updates[0]!.id}`, { body: "Corrected." }),
        id,
      );
    },
  },
  createMaintenance: {
    action: "maintenance.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/maintenances", {
        title: "Failover drill",
        body: "",
        startsAt: later(30),
        endsAt: later(60),
        componentIds: [],
      });
      return { response, target: response.body.id };
    },
  },
  replaceMaintenance: {
    action: "maintenance.update",
    by: "token",
    run: async () => {
      const id = await maintenanceWindow();
      return made(
        script.put(`/v1/maintenances/${id}`, {
          title: "Database upgrade, part 2",
          body: "",
          startsAt: later(90),
          endsAt: later(150),
          componentIds: [],
        }),
        id,
      );
    },
  },
  cancelMaintenance: {
    action: "maintenance.cancel",
    by: "token",
    run: async () => {
      const id = await maintenanceWindow();
      return made(script.post(`/v1/maintenances/${id}/cancel`), id);
    },
  },
  completeMaintenance: {
    action: "maintenance.complete",
    by: "token",
    run: async () => {
      const id = await maintenanceWindow(new Date(Date.now() - 60_000).toISOString());
      await runDueJobs(jobHandlers);
      return made(script.post(`/v1/maintenances/${id}/complete`), id);
    },
  },
  postMaintenanceUpdate: {
    action: "maintenance_update.create",
    by: "token",
    run: async () => {
      const id = await maintenanceWindow();
      return made(script.post(`/v1/maintenances/${id}/updates`, { body: "On track." }), id);
    },
  },
  createMaintenanceSeries: {
    action: "maintenance_series.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/maintenance-series", seriesInput());
      return { response, target: response.body.id };
    },
  },
  replaceMaintenanceSeries: {
    action: "maintenance_series.update",
    by: "token",
    run: async () => {
      const id = await series();
      return made(
        script.put(`/v1/maintenance-series/${id}`, {
          ...seriesInput(),
          recurrence: "FREQ=WEEKLY;BYDAY=MO,TH",
        }),
        id,
      );
    },
  },
  endMaintenanceSeries: {
    action: "maintenance_series.end",
    by: "token",
    run: async () => {
      const id = await series();
      return made(script.delete(`/v1/maintenance-series/${id}`), id);
    },
  },
  createMonitor: {
    action: "monitor.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/monitors", monitorInput("Homepage"));
      return { response, target: response.body.id };
    },
  },
  replaceMonitor: {
    action: "monitor.update",
    by: "token",
    run: async () => {
      const id = await monitor();
      return made(script.put(`/v1/monitors/${id}`, monitorInput("Renamed monitor")), id);
    },
  },
  deleteMonitor: {
    action: "monitor.delete",
    by: "token",
    run: async () => {
      const id = await monitor();
      return made(script.delete(`/v1/monitors/${id}`), id);
    },
  },
  testMonitorInput: {
    action: "monitor.test",
    by: "token",
    run: () => made(script.post("/v1/monitors/test", monitorInput("Trial")), null),
  },
  testMonitor: {
    action: "monitor.test",
    by: "token",
    run: async () => {
      const id = await monitor();
      return made(script.post(`/v1/monitors/${id}/test`), id);
    },
  },
  rotateHeartbeat: {
    action: "monitor.heartbeat_rotate",
    by: "token",
    run: async () => {
      const created = await ok(
        script.post("/v1/monitors", {
          name: "Nightly",
          type: "heartbeat",
          heartbeat: { periodSeconds: 60 },
        }),
      );
      return made(script.post(`/v1/monitors/${created.body.id}/heartbeat/rotate`), created.body.id);
    },
  },
  createWebhookEndpoint: {
    action: "webhook_endpoint.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/webhook-endpoints", {
        kind: "webhook",
        name: "Ops",
        url: `${receiver.url}/ops?key=hunter2`,
      });
      return { response, target: response.body.endpoint.id };
    },
  },
  patchWebhookEndpoint: {
    action: "webhook_endpoint.update",
    by: "token",
    run: async () => {
      const id = await endpoint();
      return made(script.patch(`/v1/webhook-endpoints/${id}`, { name: "Renamed hook" }), id);
    },
  },
  deleteWebhookEndpoint: {
    action: "webhook_endpoint.delete",
    by: "token",
    run: async () => {
      const id = await endpoint();
      return made(script.delete(`/v1/webhook-endpoints/${id}`), id);
    },
  },
  testWebhookEndpoint: {
    action: "webhook_endpoint.test",
    by: "token",
    run: async () => {
      const id = await endpoint();
      return made(script.post(`/v1/webhook-endpoints/${id}/test`), id);
    },
  },
  rotateWebhookSecret: {
    action: "webhook_endpoint.rotate_secret",
    by: "token",
    run: async () => {
      const id = await endpoint();
      return made(script.post(`/v1/webhook-endpoints/${id}/rotate-secret`), id);
    },
  },
  retryWebhookDelivery: {
    action: "webhook_delivery.retry",
    by: "token",
    run: async () => {
      const { endpointId, deliveryId } = await failedDelivery();
      return made(
        script.post(`/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/retry`),
        endpointId,
      );
    },
  },
  createSubscriber: {
    action: "subscriber.create",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/subscribers", { email: "reader@example.com" });
      return { response, target: response.body.id };
    },
  },
  deleteSubscriber: {
    action: "subscriber.delete",
    by: "token",
    run: async () => {
      const created = await ok(script.post("/v1/subscribers", { email: "gone@example.com" }));
      return made(script.delete(`/v1/subscribers/${created.body.id}`), created.body.id);
    },
  },
  createStatuspageSubscriber: {
    action: "subscriber.create",
    by: "token",
    run: async () => {
      const response = await script.post(`/v1/pages/${workspaceId}/subscribers`, {
        subscriber: { email: "sp-reader@example.com" },
      });
      return { response, target: response.body.id };
    },
  },
  deleteStatuspageSubscriber: {
    action: "subscriber.delete",
    by: "token",
    run: async () => {
      const created = await ok(script.post("/v1/subscribers", { email: "sp-gone@example.com" }));
      return made(
        script.delete(`/v1/pages/${workspaceId}/subscribers/${created.body.id}`),
        created.body.id,
      );
    },
  },
  runImport: {
    action: "import.run",
    by: "token",
    run: async () => {
      const response = await script.post("/v1/imports", {
        source: "uptime-kuma",
        backup: {
          version: "1.23.16",
          monitorList: [
            { id: 1, name: "Imported check", type: "http", url: `${receiver.url}/health` },
          ],
        },
        dryRun: false,
      });
      return { response, target: null };
    },
  },
  createApiToken: {
    action: "api_token.create",
    by: "owner",
    run: async () => {
      const response = await owner.post("/v1/api-tokens", { name: "CI", role: "editor" });
      return { response, target: response.body.token.id };
    },
  },
  deleteApiToken: {
    action: "api_token.delete",
    by: "owner",
    run: async () => {
      const { id } = await tokenClient(owner, "viewer");
      return made(owner.delete(`/v1/api-tokens/${id}`), id);
    },
  },
};

const changing = operations.filter((operation) => operation.method !== "GET");

describe("the audit log", () => {
  it("has a recipe, and so an entry, for every operation that changes something", () => {
    expect(Object.keys(RECIPES).sort()).toEqual(changing.map((o) => o.id).sort());
  });

  it.each(changing.map((operation) => [operation.id] as const))(
    "%s writes its entry with the change",
    async (id) => {
      const recipe = RECIPES[id];
      if (!recipe) throw new Error(`${id} changes data but writes no audit entry`);
      const { response, target } = await recipe.run();
      expect(response.status, response.text).toBeLessThan(300);
      const found = (await entries()).find(
        (entry) => entry.action === recipe.action && entry.target.id === target,
      );
      expect(found, `${recipe.action} on ${target}`).toBeDefined();
      const expectedActor = {
        token: { type: "token", id: scriptId, name: "Deploy bot" },
        owner: { type: "user", id: ownerId, name: OWNER.name },
        invitee: { type: "user", id: target, name: "Ivy Invitee" },
      }[recipe.by];
      expect(found!.actor).toEqual(expectedActor);
    },
  );

  it("holds the fields changed, before → after", async () => {
    const id = await component("Search");
    await ok(
      script.patch(`/v1/components/${id}`, { name: "Search API", status: "degraded_performance" }),
    );
    const [entry] = await entries(`&targetId=${id}&action=component.update`);
    expect(entry!.changes).toEqual({
      name: { from: "Search", to: "Search API" },
      status: { from: "operational", to: "degraded_performance" },
    });
    expect(entry!.target).toEqual({ type: "component", id, name: "Search API" });
  });

  it("never holds a secret: webhook URLs, signing secrets, token secrets", async () => {
    const created = await ok(
      script.post("/v1/webhook-endpoints", {
        kind: "webhook",
        name: "Secret hook",
        url: `${receiver.url}/private?token=sekrit-value`,
      }),
    );
    const rotated = await ok(
      script.post(`/v1/webhook-endpoints/${created.body.endpoint.id}/rotate-secret`),
    );
    const token = await ok(owner.post("/v1/api-tokens", { name: "Hidden", role: "viewer" }));
    const text = JSON.stringify(await entries());
    for (const secret of [
      "sekrit-value",
      `${receiver.url}/private`,
      created.body.secret,
      rotated.body.secret,
      token.body.secret,
    ]) {
      expect(text).not.toContain(secret);
    }
    const [entry] = await entries(
      `&action=webhook_endpoint.create&targetId=${created.body.endpoint.id}`,
    );
    expect(entry!.changes!.url).toEqual({ from: null, to: "********" });
  });

  it("writes nothing for a refused change", async () => {
    const viewer = (await tokenClient(owner, "viewer")).client;
    const before = (await entries()).length;
    expect((await viewer.post("/v1/components", { name: "No" })).status).toBe(403);
    expect((await script.post("/v1/components", { name: "" })).status).toBe(400);
    const unknownComponent = await script.post("/v1/incidents", {
      title: "Never",
      impact: "minor",
      body: "x",
      components: [{ componentId: "019a0000-0000-7000-8000-00000000beef", status: "major_outage" }],
    });
    expect(unknownComponent.status).toBe(400);
    expect((await script.put("/v1/components/order", { ids: [] })).status).toBe(409);
    const { id } = await incident();
    await ok(script.post(`/v1/incidents/${id}/updates`, { status: "resolved", body: "Done." }));
    const closed = await script.post(`/v1/incidents/${id}/updates`, {
      status: "monitoring",
      body: "Again?",
    });
    expect(closed.status).toBe(409);
    const after = await entries();
    expect(after.length).toBe(before + 2);
    expect(after.slice(0, 2).map((e) => e.action)).toEqual([
      "incident_update.create",
      "incident.create",
    ]);
  });

  it("makes no change whose entry cannot be written", async () => {
    const db = await getDb();
    // The log refuses this one entry; the change it records must not happen either.
    await db.execute(
      sql`alter table audit_entry add constraint refuses_one check (target_name <> 'Unlogged')`,
    );
    try {
      const response = await script.post("/v1/components", { name: "Unlogged" });
      expect(response.status).toBe(500);
    } finally {
      await db.execute(sql`alter table audit_entry drop constraint refuses_one`);
    }
    const names = (await ok(script.get("/v1/components"))).body.components.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain("Unlogged");
  });

  it("names a monitor for the incident it opens, and the scheduler for a window it starts", async () => {
    receiver.always("/down", { status: 500 });
    const created = await ok(
      script.post("/v1/monitors", {
        name: "Payments",
        http: { url: `${receiver.url}/down` },
        publishPolicy: "auto",
        detection: { intervalSeconds: 30, failureThreshold: 1, recoveryThreshold: 1 },
      }),
    );
    await ensureRegionSlots();
    await runDueChecks();
    const [opened] = await entries(`&actorType=monitor&action=incident.create`);
    expect(opened!.actor).toEqual({ type: "monitor", id: created.body.id, name: "Payments" });
    expect(opened!.target.name).toBe("Issues with Payments");

    const id = await maintenanceWindow(new Date(Date.now() - 60_000).toISOString());
    await runDueJobs(jobHandlers);
    const [started] = await entries(`&targetId=${id}&action=maintenance.start`);
    expect(started!.actor).toEqual({ type: "system", id: null, name: "Scheduler" });
    expect(started!.changes!.status).toEqual({ from: "scheduled", to: "in_progress" });
  });

  it("logs sign-ins of members, right and wrong", async () => {
    const visitor = new TestClient();
    expect(
      (await visitor.post("/auth/sign-in/email", { email: OWNER.email, password: "wrong one" }))
        .status,
    ).toBe(401);
    expect(
      (await visitor.post("/auth/sign-in/email", { email: OWNER.email, password: OWNER.password }))
        .status,
    ).toBe(200);
    const [success, failure] = await entries("&action=sign_in");
    expect(success).toMatchObject({
      action: "sign_in.success",
      actor: { type: "user", id: ownerId },
      target: { type: "member", id: ownerId, name: OWNER.email },
    });
    expect(failure!.action).toBe("sign_in.failure");
  });

  it("logs a member's own password change and two-factor enrolment and removal", async () => {
    const { client, userId, password } = await memberWithRole(owner, "editor");
    const changed = await client.post("/auth/change-password", {
      currentPassword: password,
      newPassword: "a brand new password",
    });
    expect(changed.status).toBe(200);
    const enabled = await client.post("/auth/two-factor/enable", {
      password: "a brand new password",
    });
    expect(enabled.status).toBe(200);
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect(
      (await client.post("/auth/two-factor/verify-totp", { code: totp.generate() })).status,
    ).toBe(200);
    const disabled = await client.post("/auth/two-factor/disable", {
      password: "a brand new password",
    });
    expect(disabled.status).toBe(200);
    const mine = await entries(`&actorId=${userId}`);
    expect(mine.map((e) => e.action).slice(0, 3)).toEqual([
      "two_factor.disable",
      "two_factor.enable",
      "password.change",
    ]);
    expect(JSON.stringify(mine)).not.toContain("a brand new password");
  });

  it("filters by actor, action and target, and pages with before", async () => {
    const byToken = await entries(`&actorId=${scriptId}`);
    expect(byToken.length).toBeGreaterThan(10);
    expect(byToken.every((e) => e.actor.id === scriptId)).toBe(true);
    expect((await entries("&action=incident")).every((e) => e.action.startsWith("incident."))).toBe(
      true,
    );
    expect((await entries("&targetType=monitor")).every((e) => e.target.type === "monitor")).toBe(
      true,
    );

    const all = await entries();
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `&before=${before}` : "";
      const response = await owner.get(`/v1/audit-log?limit=7${query}`);
      expect(response.status).toBe(200);
      seen.push(...response.body.entries.map((e: Entry) => e.id));
      before = response.body.nextBefore;
    } while (before);
    // Paging gives the same entries in the same order as one page of up to 200, and goes on past it.
    expect(seen.slice(0, all.length)).toEqual(all.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await owner.get("/v1/audit-log?before=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("before");
    expect((await owner.get("/v1/audit-log?limit=201")).status).toBe(400);
  });

  it("forgets entries past AUDIT_RETENTION_DAYS", async () => {
    const db = await getDb();
    const [{ id }] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from audit_entry order by at desc limit 1`),
    ) as [{ id: string }];
    await db.execute(sql`update audit_entry set at = now() - interval '401 days' where id = ${id}`);
    expect(await pruneAuditLog()).toBe(1);
    expect((await entries()).some((e) => e.id === id)).toBe(false);
  });
});
