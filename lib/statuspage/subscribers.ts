import { getDb } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { addSubscriber, deleteSubscriber, listSubscribers } from "@/lib/subscribers/subscribers";
import type { Subscriber } from "@/lib/subscribers/schemas";
import { viewOf } from "./components";
import type { SpManagedSubscriber, SpSubscriberInput } from "./schemas";

type OnPage = { ctx: Actor; pageId: string };
type Query = {
  q?: string;
  type?: "email" | "sms" | "webhook" | "slack" | "integration_partner";
  state: "active" | "unconfirmed" | "quarantined" | "all";
  limit: number;
  page: number;
};

const MODE = {
  email: "email",
  webhook: "webhook",
  slack: "slack",
  teams: "integration_partner",
} as const;

const STATE = {
  active: "active",
  unconfirmed: "pending_confirmation",
  quarantined: "bounced",
} as const;

function answer(s: Subscriber): SpManagedSubscriber {
  return {
    id: s.id,
    mode: MODE[s.channel],
    email: s.email,
    endpoint: null,
    components: [...s.componentIds],
    skip_confirmation_notification: false,
    quarantined_at: null,
    purge_at: null,
    page_access_user_id: null,
    created_at: new Date(s.createdAt).toISOString(),
  };
}

async function subscribersOf(ctx: Actor, pageId: string) {
  const db = await getDb();
  const { page } = await viewOf(db, ctx.workspaceId, pageId);
  return { page, subscribers: await listSubscribers({ ctx, pageId: page.id }) };
}

/** The page's subscribers, oldest first, by state (active unless asked), kind and address. */
export async function listSpSubscribers({ ctx, pageId, query }: OnPage & { query: Query }) {
  const { subscribers } = await subscribersOf(ctx, pageId);
  const text = query.q?.trim().toLowerCase();
  return subscribers
    .filter((s) => query.state === "all" || s.state === STATE[query.state])
    .filter((s) => !query.type || MODE[s.channel] === query.type)
    .filter((s) => !text || s.email.includes(text))
    .slice(query.page * query.limit, (query.page + 1) * query.limit)
    .map(answer);
}

export async function getSpSubscriber({
  ctx,
  pageId,
  subscriberId,
}: OnPage & { subscriberId: string }) {
  const { subscribers } = await subscribersOf(ctx, pageId);
  const found = subscribers.find((s) => s.id === subscriberId);
  if (!found) throw new NotFoundError("subscriber");
  return answer(found);
}

/**
 * Subscribes an address to the page. As everyone who subscribes, it is pending until the
 * address confirms from the mail sent now: an address is never signed up on someone's word.
 */
export async function createSpSubscriber({
  ctx,
  pageId,
  input,
}: OnPage & { input: SpSubscriberInput }) {
  const fields = input.subscriber;
  if (fields.endpoint !== undefined || fields.phone_number !== undefined) {
    throw ValidationError.field(
      "subscriber.email",
      "Only email subscribers are created through the API; chat and webhook subscribers subscribe on the status page.",
    );
  }
  if (!fields.email)
    throw ValidationError.field("subscriber.email", "An email address is required.");
  const db = await getDb();
  const { page } = await viewOf(db, ctx.workspaceId, pageId);
  try {
    return answer(
      await addSubscriber({
        ctx,
        input: { pageId: page.id, email: fields.email, componentIds: fields.component_ids },
      }),
    );
  } catch (error) {
    // Our field names, in Statuspage's words.
    if (error instanceof ValidationError) {
      throw new ValidationError(
        error.errors.map((e) => ({
          ...e,
          field: `subscriber.${e.field.replace(/^componentIds/, "component_ids")}`,
        })),
      );
    }
    throw error;
  }
}

/** Unsubscribes a subscriber of the page, answering it as it was. */
export async function deleteSpSubscriber({
  ctx,
  pageId,
  subscriberId,
}: OnPage & { subscriberId: string }) {
  const found = await getSpSubscriber({ ctx, pageId, subscriberId });
  await deleteSubscriber({ ctx, id: subscriberId });
  return found;
}
