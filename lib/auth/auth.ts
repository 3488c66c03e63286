import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { uuidv7 } from "uuidv7";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { hashedResetIdentifier, RESET_IDENTIFIER_PREFIX, voidResetLinks } from "./reset-links";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";
import { logError } from "@/lib/log";
import {
  joinBySso,
  mayUseProvider,
  passwordSignInRefused,
  SSO_PROVIDER_ID,
  ssoAdmission,
  ssoForAuth,
  ssoVersion,
} from "@/lib/sso/sso";

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

/** Paths where a password (or the second factor after it) starts a session. */
const PASSWORD_SIGN_IN = /^\/(?:sign-in\/email|two-factor\/)/;

/** Whether better-auth is answering the provider's callback (a sign-in through it). */
const throughProvider = (ctx: { path?: string } | null | undefined) =>
  !!ctx?.path && (ctx.path.startsWith("/callback/") || ctx.path === "/sign-in/social");

/** The team's provider, when one is on; a secret that cannot be read leaves it off, said once. */
async function providerConfig() {
  try {
    const sso = await ssoForAuth();
    if (!sso) return { version: "none", config: [] };
    return {
      version: sso.version,
      config: [
        {
          providerId: SSO_PROVIDER_ID,
          name: "Single sign-on",
          discoveryUrl: `${sso.issuer}/.well-known/openid-configuration`,
          clientId: sso.clientId,
          clientSecret: sso.clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          requireIdTokenVerification: true,
        },
      ],
    };
  } catch (error) {
    logError("Single sign-on is off: its setup could not be read", error);
    // Kept as the setup's own version: the instance is not rebuilt until the setup changes.
    return { version: await ssoVersion(), config: [] };
  }
}

async function createAuth() {
  const { baseUrl, trustProxyHeader } = config();
  const db = await getDb();
  const provider = await providerConfig();
  store.__allclearAuthSso = provider.version;
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
    // A member signing in through the team's provider for the first time is linked to their
    // account only when the provider says it verified the address.
    account: {
      accountLinking: { enabled: true, requireLocalEmailVerified: false },
      encryptOAuthTokens: true,
    },
    databaseHooks: {
      user: {
        create: {
          // Through the provider, only an address it may admit gets an account (else the
          // callback ends with `unable_to_create_user`), and the account becomes a member.
          before: async (created, ctx) => {
            if (!throughProvider(ctx)) return;
            if (!created.emailVerified || !(await ssoAdmission(created.email))) return false;
          },
          after: async (created, ctx) => {
            if (throughProvider(ctx)) await joinBySso(created);
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            // The owner signs in with their password (and second factor) only: a provider an
            // admin set up never speaks for the owner.
            if (throughProvider(ctx)) {
              if (!(await mayUseProvider(session.userId))) return false;
              return;
            }
            if (
              ctx?.path &&
              PASSWORD_SIGN_IN.test(ctx.path) &&
              (await passwordSignInRefused(session.userId))
            ) {
              throw new APIError("FORBIDDEN", {
                code: "SSO_REQUIRED",
                message: "This workspace signs in with single sign-on; use it instead.",
              });
            }
          },
        },
      },
    },
    plugins: [
      genericOAuth({ config: provider.config }),
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

const store = globalThis as typeof globalThis & {
  __allclearAuth?: Promise<Auth>;
  /** The version of the provider setup the current instance was built with. */
  __allclearAuthSso?: string;
};

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

/**
 * The auth instance, rebuilt first when the provider setup changed since it was built (by this
 * instance of the server or another): for the requests that sign in through the provider.
 */
export async function authWithCurrentProvider(): Promise<Auth> {
  await getAuth();
  const current = await ssoVersion();
  if (current !== store.__allclearAuthSso) {
    // Marked current at once: requests arriving meanwhile use the instance being built.
    store.__allclearAuthSso = current;
    forgetAuth();
  }
  return getAuth();
}
