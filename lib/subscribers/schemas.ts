import { z } from "zod";
import { email, uuid, locale } from "@/lib/contract/fields";

export const SubscriberState = z
  .enum(["pending_confirmation", "active", "bounced"])
  .meta({ id: "SubscriberState" });

export const Subscriber = z
  .object({
    id: uuid(),
    email: z.string(),
    state: SubscriberState,
    locale: locale().describe("The language the subscriber's mail is written in."),
    componentIds: z.array(uuid()).describe("The components followed; empty = every component."),
    createdAt: z.date(),
  })
  .meta({ id: "Subscriber" });
export type Subscriber = z.input<typeof Subscriber>;

export const SubscriberList = z
  .array(Subscriber)
  .describe("Oldest first.")
  .meta({ id: "SubscriberList" });

export const CreateSubscriberInput = z
  .strictObject({
    email: email(),
    componentIds: z.array(uuid()).max(1000).optional(),
    locale: locale()
      .optional()
      .describe("The language of the subscriber's mail; the status page's default if left out."),
  })
  .meta({ id: "CreateSubscriberInput" });
export type CreateSubscriberInput = z.output<typeof CreateSubscriberInput>;

/**
 * The public form: an address, the components to follow (none = everything), and `website`, a
 * field people never see and bots fill in.
 */
export const SubscriptionRequestInput = z.object({
  email: email(),
  componentIds: z.array(uuid()).max(1000).optional(),
  website: z.string().max(2000).optional(),
  locale: locale().optional(),
});
export type SubscriptionRequestInput = z.output<typeof SubscriptionRequestInput>;

export const SubscriptionAccepted = z
  .object({ state: z.literal("pending_confirmation") })
  .meta({ id: "SubscriptionAccepted" });
