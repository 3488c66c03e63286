CREATE TYPE "public"."subscriber_channel" AS ENUM('email', 'slack', 'teams', 'webhook');--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'channel_ended';--> statement-breakpoint
DROP INDEX "subscriber_workspace_id_page_id_email_key";--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD COLUMN "subscriber_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriber" ADD COLUMN "channel" "subscriber_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_confirmation" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD COLUMN "channel" "subscriber_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_subscriber_id_subscriber_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscriber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoint_subscriber_id_key" ON "webhook_endpoint" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_workspace_id_page_id_channel_email_key" ON "subscriber" USING btree ("workspace_id","page_id","channel","email");