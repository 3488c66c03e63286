import { betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { uuidv7 } from "uuidv7";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { hashedResetIdentifier, RESET_IDENTIFIER_PREFIX, voidResetLinks } from "./reset-links";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";

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

/** Cookies are Secure and `__Secure-` named when the dashboard is served over https. */
export function secureCookies(): boolean {
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
        // Loaded when first needed: it brings the mail queue, which the many modules importing
        // this one have no use for. The gate has it loaded before any reset request.
        const { queueResetLink } = await import("./password-reset");
        await queueResetLink(user, token);
      },
      // The link used is gone already; the others would still set a password the member has
      // just chosen anew.
      onPasswordReset: async ({ user }) => {
        await voidResetLinks(user.id);
      },
    },
    // Reset links are kept as a hash of their token (two-factor challenges stay as they are:
    // the gate looks them up by the value of their cookie).
    verification: {
      storeIdentifier: {
        default: "plain",
        overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashedResetIdentifier } },
      },
    },
    hooks: {
      // A changed password ends what a reset link could still do; the change is the member's
      // own, made with the current password.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password") return;
        const returned: unknown = ctx.context.returned;
        if (returned && typeof returned === "object" && "user" in returned) {
          await voidResetLinks((returned as { user: { id: string } }).user.id);
        }
      }),
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
        // "/request-password-reset" is answered by the gate, under its own limits (password-reset.ts).
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
