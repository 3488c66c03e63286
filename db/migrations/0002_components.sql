CREATE TYPE "public"."component_status" AS ENUM('operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance');--> statement-breakpoint
CREATE TYPE "public"."status_cause" AS ENUM('manual', 'incident', 'maintenance', 'monitor');--> statement-breakpoint
CREATE TABLE "component" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"group_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "component_status" DEFAULT 'operational' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_group" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_status_change" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"from_status" "component_status",
	"to_status" "component_status" NOT NULL,
	"cause" "status_cause" NOT NULL,
	"cause_id" uuid,
	"changed_by" uuid,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component" ADD CONSTRAINT "component_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component" ADD CONSTRAINT "component_group_id_component_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."component_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_group" ADD CONSTRAINT "component_group_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_status_change" ADD CONSTRAINT "component_status_change_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_status_change" ADD CONSTRAINT "component_status_change_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "component_status_change_workspace_component_changed_idx" ON "component_status_change" USING btree ("workspace_id","component_id","changed_at");