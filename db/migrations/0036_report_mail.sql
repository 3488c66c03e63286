ALTER TYPE "public"."email_kind" ADD VALUE 'availability_report';--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "report_recipients" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_message" ADD COLUMN "report_period" text;