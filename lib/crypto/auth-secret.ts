import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";

const AUTH_SECRET_KEY = "auth_secret";

/**
 * BETTER_AUTH_SECRET when configured; otherwise a secret generated on first start and kept in the
 * database itself, so sessions survive restarts for exactly as long as the data they belong to.
 */
export async function resolveAuthSecret(): Promise<string> {
  const configured = config().authSecret;
  if (configured) return configured;
  const db = await getDb();
  await db
    .insert(schema.instanceSetting)
    .values({ key: AUTH_SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: schema.instanceSetting.value })
    .from(schema.instanceSetting)
    .where(eq(schema.instanceSetting.key, AUTH_SECRET_KEY));
  return row!.value;
}
