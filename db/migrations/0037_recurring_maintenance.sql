ALTER TYPE "public"."event_type" ADD VALUE 'maintenance.reminder';--> statement-breakpoint
CREATE TABLE "maintenance_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"recurrence" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"component_ids" jsonb NOT NULL,
	"remind_before_minutes" integer,
	"created_until" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "remind_before_minutes" integer;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "announced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "occurrence_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "detached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_series" ADD CONSTRAINT "maintenance_series_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_series_workspace_id_idx" ON "maintenance_series" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "maintenance" ADD CONSTRAINT "maintenance_series_id_maintenance_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."maintenance_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_series_id_occurrence_at_idx" ON "maintenance" USING btree ("series_id","occurrence_at");