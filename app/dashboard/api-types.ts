import type { z } from "zod";
import type * as audit from "@/lib/audit/schemas";
import type * as components from "@/lib/components/schemas";
import type * as email from "@/lib/email/schemas";
import type * as imports from "@/lib/import/schemas";
import type * as incidents from "@/lib/incidents/schemas";
import type * as maintenance from "@/lib/maintenance/schemas";
import type * as members from "@/lib/members/schemas";
import type * as monitors from "@/lib/monitors/schemas";
import type * as notifications from "@/lib/notifications/schemas";
import type * as pages from "@/lib/pages/schemas";
import type * as reports from "@/lib/reports/schemas";
import type * as sso from "@/lib/sso/schemas";
import type * as subscribers from "@/lib/subscribers/schemas";
import type * as tokens from "@/lib/tokens/schemas";
import type * as workspace from "@/lib/workspace/schemas";

/**
 * The API's answers as the browser receives them, derived from the zod schemas the API answers
 * with, so the dashboard and the API cannot drift apart. A handler returns what the schema takes
 * in (`z.input`); JSON turns its Dates into ISO strings, which is what arrives here.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
type Answer<Schema extends z.ZodType> = Json<z.input<Schema>>;

export type { ComponentStatus } from "@/lib/status/labels";
export type { Role } from "@/lib/contract/roles";

export type Component = Answer<typeof components.Component>;
export type ComponentGroup = Answer<typeof components.ComponentGroup>;
export type ComponentPage = Answer<typeof components.ComponentPage>;

export type IncidentSummary = Answer<typeof incidents.IncidentSummary>;
export type Incident = Answer<typeof incidents.Incident>;
export type IncidentUpdate = Answer<typeof incidents.IncidentUpdate>;
export type IncidentList = Answer<typeof incidents.IncidentList>;

export type Maintenance = Answer<typeof maintenance.Maintenance>;
export type MaintenanceList = Answer<typeof maintenance.MaintenanceList>;
export type MaintenanceSeries = Answer<typeof maintenance.MaintenanceSeries>;
export type MaintenanceSeriesList = Answer<typeof maintenance.MaintenanceSeriesList>;

export type Monitor = Answer<typeof monitors.Monitor>;
export type MonitorList = Answer<typeof monitors.MonitorList>;
export type MonitorState = Answer<typeof monitors.MonitorState>;
export type CheckResult = Answer<typeof monitors.CheckResult>;
export type Telemetry = Answer<typeof monitors.MonitorTelemetry>;
/** One monitor's live state, as telemetry reports it. */
export type LiveMonitor = Telemetry["monitors"][number];
export type MonitorHistory = Answer<typeof monitors.MonitorHistory>;
export type Bucket = MonitorHistory["overall"][number];
export type MonitorChecks = Answer<typeof monitors.MonitorChecks>;
export type MonitorOutages = Answer<typeof monitors.MonitorOutages>;
export type MonitorOutage = MonitorOutages["outages"][number];
export type MonitorUptime = Answer<typeof monitors.MonitorUptime>;
export type CheckTest = Answer<typeof monitors.CheckTest>;
export type MonitorType = Monitor["type"];
/**
 * What create, replace and test take, as the dashboard sends it: every field, none left to its
 * default, since a replace resets what it leaves out.
 */
export type MonitorInput = Json<z.output<typeof monitors.MonitorInput>>;
export type HttpSettings = NonNullable<MonitorInput["http"]>;
export type Assertion = HttpSettings["assertions"][number];
/** What answers show in place of a stored secret; sent back, it keeps the secret. */
export type Mask = typeof monitors.MASK;
/** What answers show in place of a stored secret; sent back, it keeps that secret. */
export const MASK: Mask = "********";

export type Endpoint = Answer<typeof notifications.WebhookEndpoint>;
export type EndpointCreated = Answer<typeof notifications.EndpointCreated>;
export type Delivery = Answer<typeof notifications.Delivery>;
export type DeliveryList = Answer<typeof notifications.DeliveryList>;
export type TestResult = Answer<typeof notifications.TestResult>;
export type RotatedSecret = Answer<typeof notifications.RotatedSecret>;

export type Subscriber = Answer<typeof subscribers.Subscriber>;

export type Member = Answer<typeof members.Member>;
export type Invitation = Answer<typeof members.Invitation>;
export type MemberList = Answer<typeof members.MemberList>;
export type InvitationCreated = Answer<typeof members.InvitationCreated>;

export type ApiToken = Answer<typeof tokens.ApiToken>;
export type ApiTokenCreated = Answer<typeof tokens.ApiTokenCreated>;
export type ApiTokenList = Answer<typeof tokens.ApiTokenList>;
/** What a token is made with, as the dashboard sends it. */
export type ApiTokenInput = Json<z.input<typeof tokens.ApiTokenInput>>;

export type AuditEntry = Answer<typeof audit.AuditEntry>;
export type AuditLog = Answer<typeof audit.AuditLog>;
export type AvailabilityReport = Answer<typeof reports.AvailabilityReport>;
export type ReportSchedule = Answer<typeof reports.ReportSchedule>;
export type IncidentTemplate = Answer<typeof incidents.IncidentTemplate>;
export type IncidentTemplateList = Answer<typeof incidents.IncidentTemplateList>;
/** The audit log's filters, as its query string takes them. */
export type AuditFilters = Pick<
  z.input<typeof audit.AuditQuery>,
  "actorType" | "action" | "targetType"
>;

export type Mailbox = Answer<typeof email.Mailbox>;
export type MailboxMessage = Answer<typeof email.MailboxMessage>;

export type Workspace = Answer<typeof workspace.Workspace>;
/** A logo or the favicon, by the name its address uses (`/v1/workspace/images/{kind}`). */
export type PageImageKind = workspace.ImageKindName;

export type StatusPage = Answer<typeof pages.Page>;
export type StatusPageList = Answer<typeof pages.PageList>;
export type StatusPageInput = Json<z.output<typeof pages.PatchPageInput>>;
export type Audience = Answer<typeof pages.Audience>;
export type AudienceList = Answer<typeof pages.AudienceList>;

export type SsoSettings = Answer<typeof sso.SsoSettings>;

export type ImportReport = Answer<typeof imports.ImportReport>;
