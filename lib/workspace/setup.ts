import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { uuidv7 } from "uuidv7";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { getDb, schema } from "@/db/client";
import { dataChanged } from "@/lib/changes/changes";
import { config } from "@/lib/config";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { ConflictError, ForbiddenError } from "@/lib/errors";
import { isLoopback } from "@/lib/net/targets";
import type { SetupInput } from "./schemas";

const alreadySetUp = () =>
  new ConflictError("already_set_up", "This deployment is already set up; sign in instead.");

/** True once the first-run setup has created the workspace. */
export async function isSetUp(): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select({ id: schema.workspace.id }).from(schema.workspace).limit(1);
  return rows.length > 0;
}

export const SETUP_TOKEN_HEADER = "x-setup-token";

const firstRun = globalThis as typeof globalThis & { __allclearFirstRunToken?: string };

/**
 * The one-time token of a deployment started without SETUP_TOKEN: made when the process starts,
 * kept only in its memory, and printed in its log as part of the setup link.
 */
export function firstRunToken(): string {
  firstRun.__allclearFirstRunToken ??= randomBytes(24).toString("base64url");
  return firstRun.__allclearFirstRunToken;
}

/** The setup page with the first-run token, as the log prints it. */
export function firstRunLink(): string {
  return `${config().baseUrl}/setup?token=${firstRunToken()}`;
}

/**
 * Whether a caller may set the deployment up: with SETUP_TOKEN configured, only its holder;
 * otherwise anyone on this machine (the request's TCP peer is loopback), and anyone else who
 * holds the token printed in the server's log.
 */
function assertMaySetUp(setupToken: string | null, peer: string | null) {
  const configured = config().setupToken;
  if (configured) {
    if (setupToken === null || !constantTimeEqual(setupToken, configured)) {
      throw new ForbiddenError(
        `Setting up this deployment needs its setup token (header ${SETUP_TOKEN_HEADER}, the SETUP_TOKEN it was started with).`,
      );
    }
    return;
  }
  if (peer !== null && isLoopback(peer)) return;
  if (setupToken === null || !constantTimeEqual(setupToken, firstRunToken())) {
    throw new ForbiddenError(
      `Setting up this deployment from another machine needs its one-time setup token: open the setup link the server printed in its log when it started (or send the token in the ${SETUP_TOKEN_HEADER} header). From the server's own machine, setup needs no token.`,
      "setup_token_required",
    );
  }
}

/**
 * First-run setup: the workspace and its owner, in one transaction. The workspace's unique
 * singleton column decides between concurrent first calls; the loser gets 409 and writes nothing.
 * Who may set up is decided first (assertMaySetUp); the cheap checks come before the password is
 * hashed, so refused calls cost the server nothing. `peer` is the request's TCP peer as this
 * process saw it, or null when it is not known.
 */
export async function setUpWorkspace({
  input,
  setupToken,
  peer,
}: {
  input: SetupInput;
  setupToken: string | null;
  peer: string | null;
}) {
  assertMaySetUp(setupToken, peer);
  if (await isSetUp()) throw alreadySetUp();
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schema.workspace)
      .values({ name: input.workspaceName })
      .onConflictDoNothing()
      .returning({ id: schema.workspace.id });
    if (!created) throw alreadySetUp();
    const userId = uuidv7();
    await tx.insert(schema.user).values({ id: userId, name: input.name, email: input.email });
    await tx.insert(schema.account).values({
      userId,
      accountId: userId,
      providerId: "credential",
      password: passwordHash,
    });
    await tx.insert(schema.member).values({ workspaceId: created.id, userId, role: "owner" });
    // The first status page, at `/`: every component created from now on goes on it.
    await tx
      .insert(schema.statusPage)
      .values({ workspaceId: created.id, isDefault: true, slug: "status" });
    await recordAudit(
      tx,
      { workspaceId: created.id, by: { type: "user", id: userId, name: input.name } },
      "workspace.create",
      { type: "workspace", id: created.id, name: input.workspaceName },
      changesBetween(null, { name: input.workspaceName, owner: input.email }),
    );
    return { workspaceId: created.id, userId };
  });
  dataChanged(result.workspaceId);
  return result;
}
