import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "@/lib/api/registry";
import { memberWithRole, setUpOwner, TestClient, tokenClient } from "@/lib/testing/client";

// The spec's role table, written out independently of the operations' own declarations:
// reads need viewer; changes to components, groups, monitors, incidents and maintenance need
// editor; webhook endpoints, subscribers, members and the workspace's settings need admin.
const EXPECTED: Record<string, "public" | "viewer" | "editor" | "admin"> = {
  setup: "public",
  getMe: "viewer",
  getWorkspace: "viewer",
  listPages: "viewer",
  listStatuspageComponents: "viewer",
  createStatuspageComponent: "editor",
  getStatuspageComponent: "viewer",
  patchStatuspageComponent: "editor",
  putStatuspageComponent: "editor",
  deleteStatuspageComponent: "editor",
  listStatuspageComponentGroups: "viewer",
  createStatuspageComponentGroup: "editor",
  getStatuspageComponentGroup: "viewer",
  patchStatuspageComponentGroup: "editor",
  putStatuspageComponentGroup: "editor",
  deleteStatuspageComponentGroup: "editor",
  listStatuspageIncidents: "viewer",
  listStatuspageIncidentsUnresolved: "viewer",
  listStatuspageIncidentsScheduled: "viewer",
  listStatuspageIncidentsUpcoming: "viewer",
  listStatuspageIncidentsActiveMaintenance: "viewer",
  createStatuspageIncident: "editor",
  getStatuspageIncident: "viewer",
  patchStatuspageIncident: "editor",
  putStatuspageIncident: "editor",
  deleteStatuspageIncident: "editor",
  patchStatuspageIncidentUpdate: "editor",
  putStatuspageIncidentUpdate: "editor",
  listStatuspageSubscribers: "admin",
  createStatuspageSubscriber: "admin",
  getStatuspageSubscriber: "admin",
  deleteStatuspageSubscriber: "admin",
  runImport: "admin",
  getPage: "viewer",
  createPage: "admin",
  updatePage: "admin",
  deletePage: "admin",
  getSso: "admin",
  putSso: "admin",
  deleteSso: "admin",
  listAudiences: "admin",
  getAudience: "admin",
  createAudience: "admin",
  updateAudience: "admin",
  deleteAudience: "admin",
  patchWorkspace: "admin",
  setWorkspaceImage: "admin",
  removeWorkspaceImage: "admin",
  listMembers: "admin",
  createInvitation: "admin",
  revokeInvitation: "admin",
  resendInvitation: "admin",
  acceptInvitation: "public",
  changeMemberRole: "admin",
  removeMember: "admin",
  listComponents: "viewer",
  createComponent: "editor",
  updateComponent: "editor",
  deleteComponent: "editor",
  orderComponents: "editor",
  createComponentGroup: "editor",
  updateComponentGroup: "editor",
  deleteComponentGroup: "editor",
  orderComponentGroups: "editor",
  listIncidents: "viewer",
  createIncident: "editor",
  getIncident: "viewer",
  patchIncident: "editor",
  postIncidentUpdate: "editor",
  deleteIncident: "editor",
  editIncidentUpdate: "editor",
  savePostmortem: "editor",
  publishPostmortem: "editor",
  deletePostmortem: "editor",
  listMaintenances: "viewer",
  createMaintenance: "editor",
  getMaintenance: "viewer",
  replaceMaintenance: "editor",
  cancelMaintenance: "editor",
  completeMaintenance: "editor",
  postMaintenanceUpdate: "editor",
  listMaintenanceSeries: "viewer",
  createMaintenanceSeries: "editor",
  getMaintenanceSeries: "viewer",
  replaceMaintenanceSeries: "editor",
  endMaintenanceSeries: "editor",
  listMonitors: "viewer",
  createMonitor: "editor",
  monitorTelemetry: "viewer",
  getMonitor: "viewer",
  replaceMonitor: "editor",
  deleteMonitor: "editor",
  monitorHistory: "viewer",
  monitorFailures: "viewer",
  monitorsUptime: "viewer",
  monitorChecks: "viewer",
  monitorOutages: "viewer",
  testMonitor: "editor",
  testMonitorInput: "editor",
  rotateHeartbeat: "editor",
  listWebhookEndpoints: "admin",
  createWebhookEndpoint: "admin",
  deleteWebhookEndpoint: "admin",
  testWebhookEndpoint: "admin",
  listWebhookDeliveries: "admin",
  patchWebhookEndpoint: "admin",
  rotateWebhookSecret: "admin",
  retryWebhookDelivery: "admin",
  listSubscribers: "admin",
  createSubscriber: "admin",
  deleteSubscriber: "admin",
  getMailbox: "admin",
  listApiTokens: "admin",
  createApiToken: "admin",
  deleteApiToken: "admin",
  listAuditLog: "admin",
  availabilityReport: "viewer",
  getReportSchedule: "admin",
  setReportSchedule: "admin",
  listIncidentTemplates: "viewer",
  createIncidentTemplate: "editor",
  getIncidentTemplate: "viewer",
  updateIncidentTemplate: "editor",
  deleteIncidentTemplate: "editor",
  declareFromTemplate: "editor",
};

// What a token may never do, whatever its role: manage tokens, members and invitations.
const SESSION_ONLY = new Set([
  "listMembers",
  "createInvitation",
  "revokeInvitation",
  "resendInvitation",
  "changeMemberRole",
  "removeMember",
  "listApiTokens",
  "createApiToken",
  "deleteApiToken",
]);

const ROLES = ["viewer", "editor", "admin", "owner"] as const;
const RANK = { public: -1, viewer: 0, editor: 1, admin: 2, owner: 3 };
const SOME_ID = "019a0000-0000-7000-8000-00000000beef";

const TOKEN_ROLES = ["viewer", "editor", "admin"] as const;

const clients = {} as Record<(typeof ROLES)[number], TestClient>;
const tokens = {} as Record<(typeof TOKEN_ROLES)[number], TestClient>;

beforeAll(async () => {
  const { client: owner } = await setUpOwner();
  clients.owner = owner;
  for (const role of TOKEN_ROLES) {
    clients[role] = (await memberWithRole(owner, role)).client;
    tokens[role] = (await tokenClient(owner, role)).client;
  }
});

describe("role matrix", () => {
  it("the declared policy matches the spec's table, operation by operation", () => {
    expect(Object.fromEntries(operations.map((o) => [o.id, o.access]))).toEqual(EXPECTED);
  });

  const cases = operations
    .filter((operation) => operation.access !== "public")
    .flatMap((operation) => ROLES.map((role) => ({ operation, role })));

  it.each(cases.map((c) => [`${c.operation.method} ${c.operation.path}`, c.role, c] as const))(
    "%s as %s",
    async (_name, role, { operation }) => {
      // An unknown id and an empty body: an allowed role gets past the role check and is
      // answered 2xx, 400 or 404; a role that is too low is answered 403 forbidden first.
      const path = operation.path.replace(/\{[^}]+\}/g, SOME_ID);
      const response = await clients[role].call(operation.method, path, {
        body: operation.body ? {} : undefined,
      });
      const allowed = RANK[role] >= RANK[EXPECTED[operation.id]!];
      if (allowed) {
        expect(response.body?.code, response.text).not.toBe("forbidden");
        expect(response.status).toBeLessThan(500);
      } else {
        expect(response.status).toBe(403);
        expect(response.body.code).toBe("forbidden");
      }
    },
  );

  it("the operations refused to tokens are exactly the declared ones", () => {
    expect(new Set(operations.filter((o) => o.sessionOnly).map((o) => o.id))).toEqual(SESSION_ONLY);
  });

  const tokenCases = operations
    .filter((operation) => operation.access !== "public")
    .flatMap((operation) => TOKEN_ROLES.map((role) => ({ operation, role })));

  it.each(tokenCases.map((c) => [`${c.operation.method} ${c.operation.path}`, c.role, c] as const))(
    "%s with a %s token",
    async (_name, role, { operation }) => {
      const path = operation.path.replace(/\{[^}]+\}/g, SOME_ID);
      const response = await tokens[role].call(operation.method, path, {
        body: operation.body ? {} : undefined,
      });
      const allowed =
        !SESSION_ONLY.has(operation.id) && RANK[role] >= RANK[EXPECTED[operation.id]!];
      if (allowed) {
        expect(response.body?.code, response.text).not.toBe("forbidden");
        expect(response.status).not.toBe(401);
        expect(response.status).toBeLessThan(500);
      } else {
        expect(response.status, response.text).toBe(403);
        expect(response.body.code).toBe("forbidden");
      }
    },
  );

  it("every operation that needs a role answers 401 without a session", async () => {
    for (const operation of operations.filter((o) => o.access !== "public")) {
      const path = operation.path.replace(/\{[^}]+\}/g, SOME_ID);
      const response = await new TestClient().call(operation.method, path, {
        body: operation.body ? {} : undefined,
      });
      expect(response.status, `${operation.method} ${path}`).toBe(401);
    }
  });
});
