import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { uuidv7 } from "uuidv7";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { resolveAuthSecret } from "./secret";

export const AUTH_BASE_PATH = "/auth";
export const COOKIE_PREFIX = "allclear";
/** Attempts per visitor address and minute for sign-in, two-factor codes and password changes. */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };
/** Consecutive wrong two-factor codes that lock an account, and for how long. */
export const TWO_FACTOR_LOCKOUT = { failures: 5, seconds: 15 * 60 };

/** The name better-auth gives one of its cookies (`session_token`, `two_factor`). */
export function authCookieName(name: string): string {
  return `${secureCookies() ? "__Secure-" : ""}${COOKIE_PREFIX}.${name}`;
}

export function sessionCookieName(): string {
  return authCookieName("session_token");
}

function secureCookies(): boolean {
  return config().baseUrl.startsWith("https://");
}

async function createAuth() {
  const { baseUrl, trustProxyHeader } = config();
  const db = await getDb();
  return betterAuth({
    appName: "Allclear",
    baseURL: baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: await resolveAuthSecret(),
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    // Members are created by setup and by invitations, never by public sign-up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A reset link is mailed like any other message (SMTP, or the local mailbox), works once
      // for an hour, and a reset ends every session of the account.
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await mailPasswordReset(user, token);
      },
    },
    session: { cookieCache: { enabled: false } },
    plugins: [
      twoFactor({
        issuer: "Allclear",
        accountLockout: {
          enabled: true,
          maxFailedAttempts: TWO_FACTOR_LOCKOUT.failures,
          durationSeconds: TWO_FACTOR_LOCKOUT.seconds,
        },
      }),
    ],
    // Per visitor address (TRUST_PROXY_HEADER), counted in the database so every instance agrees.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": SIGN_IN_LIMIT,
        "/two-factor/*": SIGN_IN_LIMIT,
        "/change-password": SIGN_IN_LIMIT,
        // Each request may mail someone: few per visitor address.
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": SIGN_IN_LIMIT,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies(),
      database: { generateId: () => uuidv7() },
      ipAddress: { ipAddressHeaders: [trustProxyHeader] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const store = globalThis as typeof globalThis & { __allclearAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  store.__allclearAuth ??= createAuth().catch((error: unknown) => {
    store.__allclearAuth = undefined;
    throw error;
  });
  return store.__allclearAuth;
}

export function forgetAuth(): void {
  store.__allclearAuth = undefined;
}

/** Queues the reset link for a member; an address without a membership gets nothing. */
async function mailPasswordReset(user: { id: string; email: string }, token: string) {
  const [{ queuePasswordReset }, { announceEmail }, db] = await Promise.all([
    import("@/lib/email/queue"),
    import("@/lib/jobs/engine"),
    getDb(),
  ]);
  const [membership] = await db
    .select({ workspaceId: schema.member.workspaceId })
    .from(schema.member)
    .where(eq(schema.member.userId, user.id));
  if (!membership) return;
  const url = `${config().baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await queuePasswordReset({ workspaceId: membership.workspaceId, email: user.email }, url);
  announceEmail();
}
