import { z } from "zod";
import { email, uuid, locale } from "@/lib/contract/fields";

export const SubscriberState = z
  .enum(["pending_confirmation", "active", "bounced"])
  .meta({ id: "SubscriberState" });

export const SubscriberChannel = z
  .enum(["email", "slack", "teams", "webhook"])
  .meta({ id: "SubscriberChannel" });
export type SubscriberChannel = z.output<typeof SubscriberChannel>;

export const Subscriber = z
  .object({
    id: uuid(),
    pageId: uuid().describe(
      "The status page subscribed to: the subscriber hears of what it shows them.",
    ),
    email: z
      .string()
      .describe("The address mail goes to; for another channel, the contact who confirmed it."),
    channel: SubscriberChannel.describe(
      "How they hear: by email, or in their Slack or Teams channel or webhook (public pages only).",
    ),
    state: SubscriberState,
    locale: locale().describe("The language the subscriber's mail is written in."),
    componentIds: z.array(uuid()).describe("The components followed; empty = every component."),
    postmortems: z
      .boolean()
      .describe("Whether they also hear when a postmortem is published; theirs to change."),
    createdAt: z.date(),
  })
  .meta({ id: "Subscriber" });
export type Subscriber = z.input<typeof Subscriber>;

export const SubscriberList = z
  .array(Subscriber)
  .describe("Oldest first.")
  .meta({ id: "SubscriberList" });

export const SubscriberListQuery = z.object({
  pageId: uuid().optional().describe("Only the subscribers of this page."),
});

export const CreateSubscriberInput = z
  .strictObject({
    pageId: uuid()
      .optional()
      .describe(
        "The page to subscribe to; the first page if left out. On an audience page the address must be in one of its audiences.",
      ),
    email: email(),
    componentIds: z
      .array(uuid())
      .max(1000)
      .optional()
      .describe("Components the page shows the address; empty or left out = all of them."),
    locale: locale()
      .optional()
      .describe("The language of the subscriber's mail; the status page's default if left out."),
    postmortems: z
      .boolean()
      .optional()
      .describe("Whether they also hear of published postmortems; false if left out."),
  })
  .meta({ id: "CreateSubscriberInput" });
export type CreateSubscriberInput = z.output<typeof CreateSubscriberInput>;

/**
 * The public form: an address, the components to follow (none = everything), and `website`, a
 * field people never see and bots fill in.
 */
export const SubscriptionRequestInput = z
  .object({
    email: email(),
    channel: SubscriberChannel.default("email"),
    url: z.url({ message: "Must be a URL." }).max(2000).optional(),
    componentIds: z.array(uuid()).max(1000).optional(),
    website: z.string().max(2000).optional(),
    locale: locale().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.channel !== "email" && !input.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "Enter the channel's webhook URL." });
    }
    if (input.channel === "email" && input.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "Email subscriptions take no URL." });
    }
  });
export type SubscriptionRequestInput = z.output<typeof SubscriptionRequestInput>;

export const SubscriptionAccepted = z
  .object({
    state: z.literal("pending_confirmation"),
    secret: z
      .string()
      .optional()
      .describe(
        "For a webhook subscription: the whsec_ secret its requests are signed with, shown only here.",
      ),
  })
  .meta({ id: "SubscriptionAccepted" });
