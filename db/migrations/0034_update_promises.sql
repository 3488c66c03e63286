ALTER TYPE "public"."event_type" ADD VALUE 'incident.update_overdue';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'update_overdue';--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "update_cadence_minutes" integer;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "next_update_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "overdue_announced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "incident_update" ADD COLUMN "estimated_resolution_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "incident_update" ADD COLUMN "next_update_by" timestamp (3) with time zone;