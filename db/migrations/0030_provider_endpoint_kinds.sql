ALTER TYPE "public"."endpoint_kind" ADD VALUE 'telegram';--> statement-breakpoint
ALTER TYPE "public"."endpoint_kind" ADD VALUE 'ntfy';--> statement-breakpoint
ALTER TYPE "public"."endpoint_kind" ADD VALUE 'pagerduty';--> statement-breakpoint
ALTER TYPE "public"."endpoint_kind" ADD VALUE 'opsgenie';--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ALTER COLUMN "url_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD COLUMN "credentials_encrypted" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;