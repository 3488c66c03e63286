import { z } from "zod";
import { email, timestamp } from "@/lib/contract/fields";
import { COMPONENT_STATUSES } from "@/lib/status/labels";

/**
 * Statuspage's manage API (`api.statuspage.io/v1`), as scripts written for it send and read it:
 * bodies wrapped in the resource's name (`{"component": {…}}`), snake_case, every field of the
 * documented answers present. Fields the documentation lists that Allclear has no use for are
 * read and ignored, and unknown ones are dropped, as Statuspage does; docs/api.md has the table.
 */

const ref = () => z.string().max(100);
/** Words that must say something, up to `max` characters. */
const words = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Must not be empty.")
    .max(max, `At most ${max.toLocaleString("en")} characters.`);
/** A page size as Statuspage's lists take it: at most 100. */
const pageSize = () =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, 100));
const time = () => z.string().describe("ISO 8601, UTC");
/** A flag as JSON sends it, or as a form does (`true`, `false`, `1`, `0`). */
const flag = () =>
  z
    .union([
      z.boolean(),
      z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
    ])
    .optional();

export const SpPageParams = z.object({
  id: ref().describe(
    "The page's id (or, for the first page, the workspace's, as /api/v2 names it)",
  ),
});
export const SpComponentParams = z.object({ id: ref(), componentId: ref() });
export const SpGroupParams = z.object({ id: ref(), groupId: ref() });

export const SpListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe("Which page of the list, from 1"),
  per_page: pageSize()
    .default(100)
    .describe("How many per page: at most 100, as Statuspage imposes"),
});

const status = z
  .enum([...COMPONENT_STATUSES, ""])
  .optional()
  .describe("A component status; empty leaves it as it is");

const ComponentFields = z.object({
  name: words(200).optional(),
  description: z.string().trim().max(2000, "At most 2,000 characters.").nullable().optional(),
  status,
  group_id: ref().nullable().optional().describe("The group it belongs to; null or empty: none"),
  showcase: flag().describe("Accepted and ignored: every component is shown"),
  only_show_if_degraded: flag().describe("Accepted and ignored"),
  start_date: z.string().nullable().optional().describe("Accepted and ignored"),
});

export const SpComponentInput = z
  .object({ component: ComponentFields })
  .meta({ id: "StatuspageComponentInput" });
export type SpComponentInput = z.output<typeof SpComponentInput>;

export const SpGroupInput = z
  .object({
    component_group: z.object({
      name: words(200).optional(),
      components: z
        .array(ref())
        .max(1000, "At most 1,000 ids.")
        .optional()
        .describe("The components in the group, which leave any other group"),
    }),
    description: z.string().max(2000).nullable().optional().describe("Accepted and ignored"),
  })
  .meta({ id: "StatuspageComponentGroupInput" });
export type SpGroupInput = z.output<typeof SpGroupInput>;

export const SpManagedComponent = z
  .strictObject({
    id: z.string(),
    page_id: z.string(),
    group_id: z.string().nullable(),
    created_at: time(),
    updated_at: time(),
    group: z
      .boolean()
      .describe("Whether this is a group (listed among components, as Statuspage does)"),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int().min(1),
    status: z.enum(COMPONENT_STATUSES),
    showcase: z.boolean(),
    only_show_if_degraded: z.boolean(),
    automation_email: z.string().nullable().describe("Always null: no component takes mail"),
    start_date: z.string().nullable().describe("YYYY-MM-DD, the day it was created"),
    components: z.array(z.string()).optional().describe("Groups only: their components' ids"),
  })
  .meta({ id: "StatuspageManagedComponent" });
export type SpManagedComponent = z.output<typeof SpManagedComponent>;

export const SpManagedGroup = z
  .strictObject({
    id: z.string(),
    page_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    components: z.array(z.string()),
    position: z.number().int().min(1),
    created_at: time(),
    updated_at: time(),
  })
  .meta({ id: "StatuspageManagedComponentGroup" });
export type SpManagedGroup = z.output<typeof SpManagedGroup>;

const INCIDENT_STATUSES_SP = ["investigating", "identified", "monitoring", "resolved"] as const;
const WINDOW_STATUSES_SP = ["scheduled", "in_progress", "verifying", "completed"] as const;
const IMPACTS_SP = ["none", "maintenance", "minor", "major", "critical"] as const;

export const SpIncidentParams = z.object({ id: ref(), incidentId: ref() });
export const SpIncidentUpdateParams = z.object({ id: ref(), incidentId: ref(), updateId: ref() });
export const SpSubscriberParams = z.object({ id: ref(), subscriberId: ref() });

export const SpIncidentListQuery = z.object({
  q: z.string().max(200).optional().describe("Text in the name, the updates or the postmortem"),
  limit: pageSize().default(100).describe("How many per page: at most 100 (the default)"),
  per_page: pageSize()
    .optional()
    .describe("The same as `limit`, as the lists of unresolved and scheduled incidents name it"),
  page: z.coerce.number().int().min(1).default(1).describe("Which page of the list, from 1"),
});

const moment = () => timestamp().nullable().optional();

const incidentFields = {
  name: words(255).optional(),
  status: z
    .enum([...INCIDENT_STATUSES_SP, ...WINDOW_STATUSES_SP])
    .optional()
    .describe("investigating…resolved for an incident; scheduled…completed for maintenance"),
  impact_override: z.enum(IMPACTS_SP).nullable().optional(),
  body: z.string().trim().max(25_000, "At most 25,000 characters.").optional(),
  components: z
    .record(ref(), z.enum(COMPONENT_STATUSES))
    .optional()
    .describe("The affected components and the status each takes: {component id: status}"),
  component_ids: z
    .array(ref())
    .max(1000, "At most 1,000 ids.")
    .optional()
    .describe("Affected components; those not in `components` keep their status"),
  deliver_notifications: flag().describe(
    "false: the change shows on the page, and nobody is notified",
  ),
  scheduled_for: moment(),
  scheduled_until: moment(),
  scheduled_remind_prior: flag().describe("Remind subscribers an hour before the start"),
  scheduled_auto_in_progress: flag().describe("Accepted: a window always starts on time"),
  scheduled_auto_completed: flag().describe("Accepted: a window always ends on time"),
  scheduled_auto_transition: flag().describe("Accepted and ignored"),
  auto_transition_to_maintenance_state: flag().describe("Accepted and ignored"),
  auto_transition_to_operational_state: flag().describe("Accepted and ignored"),
  auto_transition_deliver_notifications_at_start: flag().describe("Accepted and ignored"),
  auto_transition_deliver_notifications_at_end: flag().describe("Accepted and ignored"),
  metadata: z.record(z.string(), z.unknown()).optional().describe("Accepted and ignored"),
  backfilled: flag().describe("Accepted and ignored"),
};

export const SpIncidentInput = z
  .object({ incident: z.object(incidentFields) })
  .meta({ id: "StatuspageIncidentInput" });
export type SpIncidentInput = z.output<typeof SpIncidentInput>;

export const SpIncidentUpdateInput = z
  .object({
    incident_update: z.object({
      body: words(25_000).optional(),
      display_at: z.string().optional().describe("Accepted and ignored"),
      deliver_notifications: flag().describe("Accepted and ignored: a correction notifies nobody"),
      wants_twitter_update: flag().describe("Accepted and ignored"),
    }),
  })
  .meta({ id: "StatuspageIncidentUpdateInput" });
export type SpIncidentUpdateInput = z.output<typeof SpIncidentUpdateInput>;

const SpAffected = z.object({
  code: z.string(),
  name: z.string(),
  old_status: z.enum(COMPONENT_STATUSES),
  new_status: z.enum(COMPONENT_STATUSES),
});

export const SpManagedIncidentUpdate = z
  .strictObject({
    id: z.string(),
    incident_id: z.string(),
    status: z.enum([...INCIDENT_STATUSES_SP, ...WINDOW_STATUSES_SP]),
    body: z.string(),
    created_at: time(),
    updated_at: time(),
    display_at: time(),
    affected_components: z.array(SpAffected).nullable(),
    deliver_notifications: z.boolean(),
    custom_tweet: z.null(),
    tweet_id: z.null(),
    twitter_updated_at: z.null(),
    wants_twitter_update: z.boolean(),
  })
  .meta({ id: "StatuspageManagedIncidentUpdate" });
export type SpManagedIncidentUpdate = z.output<typeof SpManagedIncidentUpdate>;

export const SpManagedIncident = z
  .strictObject({
    id: z.string(),
    page_id: z.string(),
    name: z.string(),
    status: z.enum([...INCIDENT_STATUSES_SP, ...WINDOW_STATUSES_SP]),
    impact: z.enum(IMPACTS_SP),
    impact_override: z.null(),
    created_at: time(),
    updated_at: time(),
    started_at: time(),
    monitoring_at: time().nullable(),
    resolved_at: time().nullable(),
    shortlink: z.string(),
    components: z.array(SpManagedComponent),
    incident_updates: z.array(SpManagedIncidentUpdate).describe("Newest first"),
    metadata: z.record(z.string(), z.unknown()),
    postmortem_body: z.string().nullable(),
    postmortem_body_last_updated_at: time().nullable(),
    postmortem_ignored: z.boolean(),
    postmortem_notified_subscribers: z.boolean(),
    postmortem_notified_twitter: z.boolean(),
    postmortem_published_at: time().nullable(),
    scheduled_for: time().nullable(),
    scheduled_until: time().nullable(),
    scheduled_remind_prior: z.boolean(),
    scheduled_reminded_at: time().nullable(),
    scheduled_auto_in_progress: z.boolean(),
    scheduled_auto_completed: z.boolean(),
    auto_transition_to_maintenance_state: z.boolean(),
    auto_transition_to_operational_state: z.boolean(),
    auto_transition_deliver_notifications_at_start: z.boolean(),
    auto_transition_deliver_notifications_at_end: z.boolean(),
  })
  .meta({ id: "StatuspageManagedIncident" });
export type SpManagedIncident = z.output<typeof SpManagedIncident>;

export const SpSubscriberListQuery = z.object({
  q: z.string().max(200).optional().describe("Part of the address"),
  type: z
    .enum(["email", "sms", "webhook", "slack", "integration_partner"])
    .optional()
    .describe("Only subscribers of this kind"),
  state: z
    .enum(["active", "unconfirmed", "quarantined", "all"])
    .default("active")
    .describe("active (the default), unconfirmed, quarantined (mail bounced) or all"),
  limit: pageSize().default(100).describe("How many per page: at most 100 (the default)"),
  page: z.coerce.number().int().min(0).default(0).describe("Which page of the list, from 0"),
});

export const SpSubscriberInput = z
  .object({
    subscriber: z.object({
      email: email().optional(),
      endpoint: z.string().optional().describe("Refused: webhook subscribers subscribe themselves"),
      phone_number: z.string().optional().describe("Refused: no text messages"),
      phone_country: z.string().optional(),
      component_ids: z
        .array(ref())
        .min(1, "At least one component when given, as on Statuspage.")
        .max(1000)
        .optional(),
      skip_confirmation_notification: flag().describe(
        "Accepted and ignored: every new subscriber confirms by mail",
      ),
      page_access_user: z.string().optional().describe("Accepted and ignored"),
    }),
  })
  .meta({ id: "StatuspageSubscriberInput" });
export type SpSubscriberInput = z.output<typeof SpSubscriberInput>;

export const SpManagedSubscriber = z
  .strictObject({
    id: z.string(),
    mode: z.enum(["email", "webhook", "slack", "integration_partner"]),
    email: z.string(),
    endpoint: z.string().nullable(),
    components: z.array(z.string()).describe("The components followed; empty: all of them"),
    skip_confirmation_notification: z.boolean(),
    quarantined_at: time().nullable(),
    purge_at: time().nullable(),
    page_access_user_id: z.null(),
    created_at: time(),
  })
  .meta({ id: "StatuspageManagedSubscriber" });
export type SpManagedSubscriber = z.output<typeof SpManagedSubscriber>;
