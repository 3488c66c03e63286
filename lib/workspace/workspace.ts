import { and, eq } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { NotFoundError } from "@/lib/errors";
import { checkedImage, IMAGE_KIND, imageUrl, type ImageKind } from "./images";
import type { ImageKindName, PatchWorkspaceInput, Workspace } from "./schemas";

const { workspace, workspaceImage } = schema;

/** The workspace's IANA zone, the clock its page, reports and maintenance read. */
export async function workspaceTimeZone(tx: Executor, workspaceId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: workspace.timeZone })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  return row?.timeZone ?? "Etc/UTC";
}

/** The workspace as the API and the public page read it: its name, zone and page's dress. */
export const workspaceColumns = {
  id: workspace.id,
  name: workspace.name,
  timeZone: workspace.timeZone,
  defaultLocale: workspace.defaultLocale,
  accentColor: workspace.accentColor,
  accentColorDark: workspace.accentColorDark,
  headerLinks: workspace.headerLinks,
  supportUrl: workspace.supportUrl,
  footerText: workspace.footerText,
  showPoweredBy: workspace.showPoweredBy,
  createdAt: workspace.createdAt,
};

/** The workspace as its admins read and change it: its page's columns and the team's settings. */
const settingsColumns = {
  ...workspaceColumns,
  updateCadenceMinutes: workspace.updateCadenceMinutes,
};

type Row = Omit<Workspace, "logoLight" | "logoDark" | "favicon" | "createdAt"> & {
  createdAt: Date;
};

/** The workspace with its page's images, as the API answers it. */
async function withImages(tx: Executor, row: Row): Promise<Workspace> {
  const images = await tx
    .select({
      kind: workspaceImage.kind,
      contentType: workspaceImage.contentType,
      digest: workspaceImage.digest,
      size: workspaceImage.size,
    })
    .from(workspaceImage)
    .where(eq(workspaceImage.workspaceId, row.id));
  const image = (kind: ImageKind) => {
    const found = images.find((i) => i.kind === kind);
    return found
      ? { url: imageUrl(kind, found.digest), contentType: found.contentType, size: found.size }
      : null;
  };
  return {
    ...row,
    logoLight: image("logo_light"),
    logoDark: image("logo_dark"),
    favicon: image("favicon"),
  };
}

export async function getWorkspace({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const [row] = await db
    .select(settingsColumns)
    .from(workspace)
    .where(eq(workspace.id, ctx.workspaceId));
  if (!row) throw new NotFoundError("workspace");
  return withImages(db, row);
}

/** Renames the workspace, moves its page to another zone, or changes how the page looks. */
export async function updateWorkspace({ ctx, input }: { ctx: Actor; input: PatchWorkspaceInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const [before] = await tx
      .select(settingsColumns)
      .from(workspace)
      .where(eq(workspace.id, ctx.workspaceId))
      .for("update");
    if (!before) throw new NotFoundError("workspace");
    const [row] = await tx
      .update(workspace)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(workspace.id, ctx.workspaceId))
      .returning(settingsColumns);
    if (!row) throw new NotFoundError("workspace");
    await recordAudit(
      tx,
      ctx,
      "workspace.update",
      { type: "workspace", id: row.id, name: row.name },
      changesBetween(before, row),
    );
    return withImages(tx, row);
  });
}

/** Puts a logo or the favicon on the page (replacing the one it had). */
export async function setWorkspaceImage({
  ctx,
  kind,
  contentType,
  bytes,
}: {
  ctx: Actor;
  kind: ImageKindName;
  contentType: string | null;
  bytes: Buffer;
}): Promise<Workspace> {
  const image = checkedImage(kind, contentType, bytes);
  const stored = IMAGE_KIND[kind];
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const [before] = await tx
      .select({ contentType: workspaceImage.contentType, size: workspaceImage.size })
      .from(workspaceImage)
      .where(and(eq(workspaceImage.workspaceId, ctx.workspaceId), eq(workspaceImage.kind, stored)))
      .for("update");
    const values = { ...image, updatedAt: new Date() };
    await tx
      .insert(workspaceImage)
      .values({ workspaceId: ctx.workspaceId, kind: stored, ...values })
      .onConflictDoUpdate({
        target: [workspaceImage.workspaceId, workspaceImage.kind],
        set: values,
      });
    const row = await touch(tx, ctx.workspaceId);
    await recordAudit(
      tx,
      ctx,
      "workspace.image_set",
      { type: "workspace", id: row.id, name: row.name },
      changesBetween(before ? { [kind]: before } : { [kind]: null }, {
        [kind]: { contentType: image.contentType, size: image.size },
      }),
    );
    return withImages(tx, row);
  });
}

/** Takes a logo or the favicon off the page; the page shows its name (or the default icon). */
export async function removeWorkspaceImage({
  ctx,
  kind,
}: {
  ctx: Actor;
  kind: ImageKindName;
}): Promise<Workspace> {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const [removed] = await tx
      .delete(workspaceImage)
      .where(
        and(
          eq(workspaceImage.workspaceId, ctx.workspaceId),
          eq(workspaceImage.kind, IMAGE_KIND[kind]),
        ),
      )
      .returning({ contentType: workspaceImage.contentType, size: workspaceImage.size });
    if (!removed) throw new NotFoundError("image");
    const row = await touch(tx, ctx.workspaceId);
    await recordAudit(
      tx,
      ctx,
      "workspace.image_remove",
      { type: "workspace", id: row.id, name: row.name },
      changesBetween({ [kind]: removed }, { [kind]: null }),
    );
    return withImages(tx, row);
  });
}

/** Marks the page changed (its last update), answering the workspace. */
async function touch(tx: Executor, workspaceId: string): Promise<Row> {
  const [row] = await tx
    .update(workspace)
    .set({ updatedAt: new Date() })
    .where(eq(workspace.id, workspaceId))
    .returning(settingsColumns);
  if (!row) throw new NotFoundError("workspace");
  return row;
}
