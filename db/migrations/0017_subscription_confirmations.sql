CREATE TABLE "subscription_confirmation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"component_ids" jsonb NOT NULL,
	"email_message_id" uuid,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscriber_confirm_token_hash_key";--> statement-breakpoint
ALTER TABLE "subscription_confirmation" ADD CONSTRAINT "subscription_confirmation_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_confirmation" ADD CONSTRAINT "subscription_confirmation_subscriber_id_subscriber_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscriber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_confirmation" ADD CONSTRAINT "subscription_confirmation_email_message_id_email_message_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "public"."email_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_confirmation_token_hash_key" ON "subscription_confirmation" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_confirmation_email_message_id_key" ON "subscription_confirmation" USING btree ("email_message_id");--> statement-breakpoint
CREATE INDEX "subscription_confirmation_subscriber_id_idx" ON "subscription_confirmation" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "subscription_confirmation_expires_at_idx" ON "subscription_confirmation" USING btree ("expires_at");--> statement-breakpoint
-- A link mailed before this version keeps working until it expires, with the choices it was for.
INSERT INTO "subscription_confirmation" ("id", "workspace_id", "subscriber_id", "token_hash", "component_ids", "expires_at", "created_at")
SELECT gen_random_uuid(), s."workspace_id", s."id", s."confirm_token_hash",
	coalesce((SELECT jsonb_agg(sc."component_id"::text) FROM "subscriber_component" sc WHERE sc."subscriber_id" = s."id"), '[]'::jsonb),
	coalesce(s."confirm_token_expires_at", now()), coalesce(s."last_confirmation_at", s."created_at")
FROM "subscriber" s WHERE s."confirm_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber" DROP COLUMN "confirm_token_hash";--> statement-breakpoint
ALTER TABLE "subscriber" DROP COLUMN "confirm_token_expires_at";--> statement-breakpoint
-- Password resets and invitations kept in the local mailbox by earlier versions: every admin reads
-- it, and their links sign someone in or create their account. The Message-ID names the row. The
-- kind is compared as text: a value added to the enum in a migration run in the same transaction
-- may not be used as one.
DELETE FROM "mailbox_message" m USING "email_message" e
WHERE e."kind"::text IN ('password_reset', 'invitation')
	AND e."id" = (CASE WHEN m."message_id" ~ '^<[0-9a-f-]{36}@' THEN substr(m."message_id", 2, 36)::uuid END);
