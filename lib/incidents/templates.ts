import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { assertComponentsExist } from "@/lib/components/exist";
import { fillVariables, startWording, variablesIn } from "@/lib/content/placeholders";
import type { Actor } from "@/lib/contract/actor";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { groupBy } from "@/lib/group-by";
import { workspaceTimeZone } from "@/lib/workspace/workspace";
import { declareIncident, type Affected, type Author } from "./incidents";
import type {
  CreateIncidentTemplateInput,
  DeclareFromTemplateInput,
  IncidentTemplate,
  PatchIncidentTemplateInput,
} from "./schemas";

const { component, incidentTemplate, incidentTemplateComponent } = schema;
type TemplateRow = typeof incidentTemplate.$inferSelect;
/** The variables every declaration fills itself. */
export const BUILT_IN_VARIABLES = ["component", "start", "monitor"] as const;

async function templateComponents(tx: Executor, workspaceId: string, ids: string[]) {
  if (!ids.length) return new Map<string, Affected[]>();
  const rows = await tx
    .select({
      templateId: incidentTemplateComponent.templateId,
      componentId: incidentTemplateComponent.componentId,
      status: incidentTemplateComponent.status,
    })
    .from(incidentTemplateComponent)
    .innerJoin(component, eq(component.id, incidentTemplateComponent.componentId))
    .where(
      and(
        eq(incidentTemplateComponent.workspaceId, workspaceId),
        inArray(incidentTemplateComponent.templateId, ids),
      ),
    )
    .orderBy(asc(component.position));
  return groupBy(
    rows,
    (row) => row.templateId,
    (row): Affected => ({ componentId: row.componentId, status: row.status }),
  );
}

function answer(row: TemplateRow, components: Affected[]): IncidentTemplate {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    body: row.body,
    status: row.status,
    impact: row.impact,
    components,
    variables: variablesIn(`${row.title}\n${row.body}`),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A template and its components; `lock` holds its row until the transaction ends. */
async function loadTemplate(tx: Executor, workspaceId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(incidentTemplate)
    .where(and(eq(incidentTemplate.workspaceId, workspaceId), eq(incidentTemplate.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("incident template");
  const components = (await templateComponents(tx, workspaceId, [id])).get(id) ?? [];
  return { row, components };
}

/** A template named by id must be one of the workspace's (400 naming `incidentTemplateId`). */
export async function assertTemplateExists(tx: Executor, workspaceId: string, id: string | null) {
  if (!id) return;
  const [row] = await tx
    .select({ id: incidentTemplate.id })
    .from(incidentTemplate)
    .where(and(eq(incidentTemplate.workspaceId, workspaceId), eq(incidentTemplate.id, id)));
  if (!row) {
    throw new ValidationError([
      {
        field: "incidentTemplateId",
        message: "No incident template with that id in this workspace.",
      },
    ]);
  }
}

/** A template as the API answers it. */
export async function getIncidentTemplate({
  ctx,
  id,
}: {
  ctx: Pick<Actor, "workspaceId">;
  id: string;
}) {
  const db = await getDb();
  const { row, components } = await loadTemplate(db, ctx.workspaceId, id);
  return answer(row, components);
}

/** The workspace's templates, by name. */
export async function listIncidentTemplates({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(incidentTemplate)
    .where(eq(incidentTemplate.workspaceId, ctx.workspaceId))
    .orderBy(asc(incidentTemplate.name), asc(incidentTemplate.id));
  const components = await templateComponents(
    db,
    ctx.workspaceId,
    rows.map((row) => row.id),
  );
  return { templates: rows.map((row) => answer(row, components.get(row.id) ?? [])) };
}

async function replaceComponents(
  tx: Executor,
  workspaceId: string,
  templateId: string,
  components: Affected[],
) {
  await assertComponentsExist(
    tx,
    workspaceId,
    components.map((c) => c.componentId),
    (index) => `components.${index}.componentId`,
  );
  await tx
    .delete(incidentTemplateComponent)
    .where(
      and(
        eq(incidentTemplateComponent.workspaceId, workspaceId),
        eq(incidentTemplateComponent.templateId, templateId),
      ),
    );
  if (components.length) {
    await tx
      .insert(incidentTemplateComponent)
      .values(components.map((c) => ({ workspaceId, templateId, ...c })));
  }
}

const audited = (row: TemplateRow, components: Affected[]) => ({
  name: row.name,
  title: row.title,
  body: row.body,
  status: row.status,
  impact: row.impact,
  components: components.map((c) => `${c.componentId}:${c.status}`).join(", "),
});

export async function createIncidentTemplate({
  ctx,
  input,
}: {
  ctx: Actor;
  input: CreateIncidentTemplateInput;
}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(incidentTemplate)
      .values({
        workspaceId: ctx.workspaceId,
        name: input.name,
        title: input.title,
        body: input.body,
        status: input.status,
        impact: input.impact,
      })
      .returning();
    await replaceComponents(tx, ctx.workspaceId, row!.id, input.components);
    await recordAudit(
      tx,
      ctx,
      "incident_template.create",
      { type: "incident_template", id: row!.id, name: row!.name },
      changesBetween(null, audited(row!, input.components)),
    );
    return answer(row!, (await loadTemplate(tx, ctx.workspaceId, row!.id)).components);
  });
}

export async function updateIncidentTemplate({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PatchIncidentTemplateInput;
}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await loadTemplate(tx, ctx.workspaceId, id, true);
    const { components, ...fields } = input;
    const [row] = await tx
      .update(incidentTemplate)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(incidentTemplate.workspaceId, ctx.workspaceId), eq(incidentTemplate.id, id)))
      .returning();
    if (components) await replaceComponents(tx, ctx.workspaceId, id, components);
    const after = await loadTemplate(tx, ctx.workspaceId, id);
    await recordAudit(
      tx,
      ctx,
      "incident_template.update",
      { type: "incident_template", id, name: row!.name },
      changesBetween(audited(before.row, before.components), audited(row!, after.components)),
    );
    return answer(row!, after.components);
  });
}

export async function deleteIncidentTemplate({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { row } = await loadTemplate(tx, ctx.workspaceId, id, true);
    await tx
      .delete(incidentTemplate)
      .where(and(eq(incidentTemplate.workspaceId, ctx.workspaceId), eq(incidentTemplate.id, id)));
    await recordAudit(tx, ctx, "incident_template.delete", {
      type: "incident_template",
      id,
      name: row.name,
    });
  });
}

/**
 * A template's title and body with the variables filled: `component` (the affected components'
 * names), `start` (when it started, in the workspace's zone), `monitor` when a monitor declares,
 * and the caller's own. What is left unfilled stays, for the content rules to refuse.
 */
/** A template's title and first update, read under its workspace; null when it is gone. */
export async function readTemplateText(
  tx: Executor,
  workspaceId: string,
  id: string,
): Promise<{ title: string; body: string } | null> {
  const [template] = await tx
    .select({ title: incidentTemplate.title, body: incidentTemplate.body })
    .from(incidentTemplate)
    .where(and(eq(incidentTemplate.workspaceId, workspaceId), eq(incidentTemplate.id, id)));
  return template ?? null;
}

export async function fillTemplate(
  tx: Executor,
  workspaceId: string,
  template: { title: string; body: string },
  facts: { componentIds: string[]; startedAt: Date; monitor?: string },
  values: Record<string, string> = {},
): Promise<{ title: string; body: string }> {
  const timeZone = await workspaceTimeZone(tx, workspaceId);
  const names = facts.componentIds.length
    ? await tx
        .select({ id: component.id, name: component.name })
        .from(component)
        .where(
          and(eq(component.workspaceId, workspaceId), inArray(component.id, facts.componentIds)),
        )
        .orderBy(asc(component.position))
    : [];
  const all = {
    ...values,
    ...(names.length ? { component: names.map((c) => c.name).join(", ") } : {}),
    start: startWording(facts.startedAt, timeZone),
    ...(facts.monitor ? { monitor: facts.monitor } : {}),
  };
  return { title: fillVariables(template.title, all), body: fillVariables(template.body, all) };
}

/** Declares an incident from a template: its text filled, its impact, status and components. */
export async function declareFromTemplate({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: DeclareFromTemplateInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const { row, components } = await loadTemplate(tx, ctx.workspaceId, id);
    const affected = input.components ?? components;
    const startedAt = input.startedAt ? new Date(input.startedAt) : new Date();
    const text = await fillTemplate(
      tx,
      ctx.workspaceId,
      row,
      { componentIds: affected.map((c) => c.componentId), startedAt },
      input.variables,
    );
    for (const [part, limit] of [
      ["title", 200],
      ["body", 20_000],
    ] as const) {
      if (text[part].length > limit) {
        throw new ValidationError([
          {
            field: "variables",
            message: `The filled ${part} has ${text[part].length} characters; at most ${limit.toLocaleString("en")}.`,
          },
        ]);
      }
    }
    const author: Author = ctx;
    return declareIncident(tx, author, {
      title: text.title,
      body: text.body,
      impact: row.impact,
      status: row.status,
      visibility: input.visibility,
      components: affected,
      startedAt: startedAt.toISOString(),
      estimatedResolutionAt: input.estimatedResolutionAt,
      nextUpdateBy: input.nextUpdateBy,
    });
  });
}
