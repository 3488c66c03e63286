import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { queuePasswordReset } from "@/lib/email/queue";
import { RateLimitedError, ValidationError } from "@/lib/errors";
import { email } from "@/lib/contract/fields";
import { parseWith } from "@/lib/http/request";
import { announceEmail } from "@/lib/jobs/engine";
import { countHit, throttleKey } from "@/lib/limits/throttle";
import { logError } from "@/lib/log";
import { getAuth } from "./auth";
import { normalEmail } from "./device";

/** Requests for reset links one visitor address may make, and the window they are counted in. */
export const RESET_REQUEST_THROTTLE = { requests: 3, windowSeconds: 60 };
/**
 * Reset mails one account gets at most, and the window they are counted in: enough for a member
 * who lost a first mail, too few to flood anyone. Requests past it are answered alike and mail
 * nothing; the links already sent keep working.
 */
export const RESET_MAIL_THROTTLE = { mails: 3, windowSeconds: 60 * 60 };
/**
 * When a request for a reset link is answered, counted from its arrival, whatever the address:
 * the mailing runs beside it and is never waited for, so neither the answer nor its moment tells
 * whether the address has an account. Long enough for the mail to be queued by then as a rule.
 */
export const RESET_ANSWER_MS = 150;

/** The one answer to a request for a reset link, whatever the address. */
export const RESET_REQUESTED = {
  status: true,
  message: "If this address has an account, a link to choose a new password is on its way.",
} as const;

const ResetRequest = z.strictObject({
  email: email(),
  redirectTo: z.string().max(2000).optional(),
});

const mailings = new Set<Promise<void>>();

/** Waits for the mailings still running (tests, and a server stopping). */
export async function settlePasswordResets(): Promise<void> {
  await Promise.all([...mailings]);
}

/** Mails a reset link when the address is a member's and its account is under its hourly count. */
async function mailResetLink(address: string): Promise<void> {
  // Counted for every address typed, known or not, so the count reveals nothing either.
  const mails = await countHit(throttleKey("password-reset-mail", normalEmail(address)), {
    limit: RESET_MAIL_THROTTLE.mails,
    seconds: RESET_MAIL_THROTTLE.windowSeconds,
  });
  if (mails.over) return;
  // better-auth makes the token and its row, then calls sendResetPassword (see auth.ts), which
  // queues the mail for a member; for an unknown address it does nothing.
  await (await getAuth()).api.requestPasswordReset({ body: { email: address } });
}

/**
 * A visitor asks for a reset link. Counts the request against the visitor's address (429 past
 * RESET_REQUEST_THROTTLE), checks the body (400), starts the mailing and returns at
 * RESET_ANSWER_MS after `arrivedAt`, done or not.
 */
export async function requestPasswordReset({
  input,
}: {
  input: { body: string; visitor: string; arrivedAt: number };
}): Promise<void> {
  const standing = await countHit(throttleKey("password-reset-from", input.visitor), {
    limit: RESET_REQUEST_THROTTLE.requests,
    seconds: RESET_REQUEST_THROTTLE.windowSeconds,
  });
  if (standing.over) {
    throw new RateLimitedError(standing.waitSeconds, "Too many password reset requests");
  }
  let json: unknown;
  try {
    json = JSON.parse(input.body);
  } catch {
    throw ValidationError.field("body", "Must be a JSON object.");
  }
  const { email: address } = parseWith(ResetRequest, json);
  const mailing = mailResetLink(address)
    .catch((error: unknown) => logError("A password reset link could not be mailed", error))
    .finally(() => mailings.delete(mailing));
  mailings.add(mailing);
  await until(input.arrivedAt + RESET_ANSWER_MS);
}

/** Waits until `moment` (a performance.now() time); timers may fire a little early, never this. */
async function until(moment: number): Promise<void> {
  for (let left = moment - performance.now(); left > 0; left = moment - performance.now()) {
    await sleep(Math.ceil(left));
  }
}

/** Queues the reset link for a member; an address without a membership gets nothing. */
export async function queueResetLink(user: { id: string; email: string }, token: string) {
  const db = await getDb();
  const [membership] = await db
    .select({ workspaceId: schema.member.workspaceId })
    .from(schema.member)
    .where(eq(schema.member.userId, user.id));
  if (!membership) return;
  const url = `${config().baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await queuePasswordReset({ workspaceId: membership.workspaceId, email: user.email }, url);
  announceEmail();
}
