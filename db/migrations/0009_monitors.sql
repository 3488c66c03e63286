CREATE TYPE "public"."check_status" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TYPE "public"."http_method" AS ENUM('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');--> statement-breakpoint
CREATE TYPE "public"."monitor_state" AS ENUM('pending', 'up', 'down', 'paused');--> statement-breakpoint
CREATE TYPE "public"."publish_policy" AS ENUM('auto', 'manual', 'none');--> statement-breakpoint
CREATE TABLE "monitor" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"method" "http_method" NOT NULL,
	"expected_status" integer[] NOT NULL,
	"keyword" text,
	"timeout_ms" integer NOT NULL,
	"follow_redirects" boolean NOT NULL,
	"publish_policy" "publish_policy" NOT NULL,
	"down_status" "component_status" NOT NULL,
	"interval_seconds" integer NOT NULL,
	"failure_threshold" integer NOT NULL,
	"recovery_threshold" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"state" "monitor_state" DEFAULT 'pending' NOT NULL,
	"since" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"incident_id" uuid,
	"effects_held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_region" (
	"monitor_id" uuid NOT NULL,
	"region" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"next_due_at" timestamp (3) with time zone NOT NULL,
	"lease" uuid,
	"lease_until" timestamp (3) with time zone,
	"state" "monitor_state" DEFAULT 'pending' NOT NULL,
	"since" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"streak_since" timestamp (3) with time zone,
	"last_reported_at" timestamp (3) with time zone,
	"last_result" jsonb,
	"skipped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monitor_region_monitor_id_region_pk" PRIMARY KEY("monitor_id","region")
);
--> statement-breakpoint
CREATE TABLE "monitor_result" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"monitor_id" uuid NOT NULL,
	"region" text NOT NULL,
	"scheduled_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"status" "check_status" NOT NULL,
	"latency_ms" integer NOT NULL,
	"status_code" integer,
	"error_class" text,
	"error_message" text,
	"timings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_rollup" (
	"workspace_id" uuid NOT NULL,
	"monitor_id" uuid NOT NULL,
	"region" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"checks" integer NOT NULL,
	"failures" integer NOT NULL,
	"histogram" jsonb NOT NULL,
	CONSTRAINT "monitor_rollup_monitor_id_region_hour_pk" PRIMARY KEY("monitor_id","region","hour")
);
--> statement-breakpoint
ALTER TABLE "monitor" ADD CONSTRAINT "monitor_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor" ADD CONSTRAINT "monitor_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor" ADD CONSTRAINT "monitor_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD CONSTRAINT "monitor_region_monitor_id_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD CONSTRAINT "monitor_region_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_result" ADD CONSTRAINT "monitor_result_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_result" ADD CONSTRAINT "monitor_result_monitor_id_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_rollup" ADD CONSTRAINT "monitor_rollup_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_rollup" ADD CONSTRAINT "monitor_rollup_monitor_id_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_workspace_id_created_idx" ON "monitor" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "monitor_region_workspace_id_reported_idx" ON "monitor_region" USING btree ("workspace_id","last_reported_at");--> statement-breakpoint
CREATE INDEX "monitor_region_region_next_due_idx" ON "monitor_region" USING btree ("region","next_due_at");--> statement-breakpoint
CREATE INDEX "monitor_result_workspace_id_monitor_started_idx" ON "monitor_result" USING btree ("workspace_id","monitor_id","started_at");--> statement-breakpoint
CREATE INDEX "monitor_result_started_idx" ON "monitor_result" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "monitor_rollup_workspace_id_monitor_hour_idx" ON "monitor_rollup" USING btree ("workspace_id","monitor_id","hour");--> statement-breakpoint
CREATE INDEX "monitor_rollup_hour_idx" ON "monitor_rollup" USING btree ("hour");