import { index, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { at, createdAt, id } from "./columns";
import { component, componentStatusEnum } from "./components";
import { workspace } from "./workspace";

export const incidentStatusEnum = pgEnum("incident_status", [
  "investigating",
  "identified",
  "monitoring",
  "resolved",
]);
export const incidentImpactEnum = pgEnum("incident_impact", ["none", "minor", "major", "critical"]);
export const visibilityEnum = pgEnum("visibility", ["draft", "published"]);
export const incidentSourceEnum = pgEnum("incident_source", ["manual", "monitor"]);

export const incident = pgTable(
  "incident",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    title: text().notNull(),
    status: incidentStatusEnum().notNull(),
    impact: incidentImpactEnum().notNull(),
    visibility: visibilityEnum().notNull(),
    source: incidentSourceEnum().notNull().default("manual"),
    startedAt: at().notNull(),
    resolvedAt: at(),
    /** The latest update's promise of the next one; null once resolved or when none was made. */
    nextUpdateBy: at(),
    /** When the team was told the promised update had not come; cleared by the next update. */
    overdueAnnouncedAt: at(),
    /** Markdown: what happened and what changes, written once the incident is resolved. */
    postmortemBody: text(),
    /** Null while the postmortem is a draft (or there is none): only a published one is public. */
    postmortemPublishedAt: at(),
    postmortemUpdatedAt: at(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index("incident_workspace_id_started_at_idx").on(t.workspaceId, t.startedAt, t.id)],
);

export const incidentComponent = pgTable(
  "incident_component",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    incidentId: uuid()
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
    status: componentStatusEnum().notNull(),
  },
  (t) => [
    index("incident_component_component_id_idx").on(t.componentId),
    primaryKey({ columns: [t.incidentId, t.componentId] }),
    index("incident_component_workspace_id_component_id_idx").on(t.workspaceId, t.componentId),
  ],
);

/** A component whose status in an incident an update changed, as the public page reports it. */
export type UpdateComponentChange = {
  componentId: string;
  oldStatus: (typeof componentStatusEnum.enumValues)[number];
  newStatus: (typeof componentStatusEnum.enumValues)[number];
};

export const incidentUpdate = pgTable(
  "incident_update",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    incidentId: uuid()
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    status: incidentStatusEnum().notNull(),
    body: text().notNull(),
    /** The component statuses this update changed; null when it sent no components. */
    components: jsonb().$type<UpdateComponentChange[]>(),
    /** When the team expects the incident to be resolved, as this update says. */
    estimatedResolutionAt: at(),
    /** When this update promises the next one. */
    nextUpdateBy: at(),
    createdBy: uuid().references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Set when the body was corrected after posting. */
    editedAt: at(),
  },
  (t) => [
    index("incident_update_created_by_idx").on(t.createdBy),
    index("incident_update_incident_id_idx").on(t.incidentId),
    index("incident_update_workspace_id_incident_id_idx").on(
      t.workspaceId,
      t.incidentId,
      t.createdAt,
    ),
  ],
);

/**
 * A prepared incident: its title and first update with `{{variables}}`, and the impact, status
 * and components a declaration from it starts with. Monitors may name one for the incidents
 * they open.
 */
export const incidentTemplate = pgTable(
  "incident_template",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    status: incidentStatusEnum().notNull().default("investigating"),
    impact: incidentImpactEnum().notNull(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index("incident_template_workspace_id_name_idx").on(t.workspaceId, t.name)],
);

export const incidentTemplateComponent = pgTable(
  "incident_template_component",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    templateId: uuid()
      .notNull()
      .references(() => incidentTemplate.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
    status: componentStatusEnum().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.componentId] }),
    index("incident_template_component_component_id_idx").on(t.componentId),
    index("incident_template_component_workspace_id_template_id_idx").on(
      t.workspaceId,
      t.templateId,
    ),
  ],
);
