import { hashPassword } from "better-auth/crypto";
import { uuidv7 } from "uuidv7";
import { getDb, schema } from "@/db/client";
import { dataChanged } from "@/lib/changes/changes";
import { config } from "@/lib/config";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { ConflictError, ForbiddenError } from "@/lib/errors";
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

/**
 * First-run setup: the workspace and its owner, in one transaction. The workspace's unique
 * singleton column decides between concurrent first calls; the loser gets 409 and writes nothing.
 * With SETUP_TOKEN configured, only a caller who knows it may set up. The cheap checks come
 * before the password is hashed, so refused calls cost the server nothing.
 */
export async function setUpWorkspace({
  input,
  setupToken,
}: {
  input: SetupInput;
  setupToken: string | null;
}) {
  const expected = config().setupToken;
  if (expected && (setupToken === null || !constantTimeEqual(setupToken, expected))) {
    throw new ForbiddenError(
      `Setting up this deployment needs its setup token (header ${SETUP_TOKEN_HEADER}, the SETUP_TOKEN it was started with).`,
    );
  }
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
    return { workspaceId: created.id, userId };
  });
  dataChanged(result.workspaceId);
  return result;
}
