ALTER TABLE "workspace" ADD COLUMN "time_zone" text DEFAULT 'Etc/UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_update" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "maintenance" SET "started_at" = "starts_at" WHERE "status" IN ('in_progress', 'completed');--> statement-breakpoint
UPDATE "maintenance" SET "completed_at" = "ends_at" WHERE "status" = 'completed';
