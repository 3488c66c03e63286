CREATE TYPE "public"."monitor_type" AS ENUM('http', 'tcp', 'dns', 'heartbeat');--> statement-breakpoint
CREATE TYPE "public"."outage_state" AS ENUM('down', 'degraded');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'monitor.certificate_expiring';--> statement-breakpoint
ALTER TYPE "public"."check_status" ADD VALUE 'degraded';--> statement-breakpoint
ALTER TYPE "public"."monitor_state" ADD VALUE 'degraded';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'monitor_alert';--> statement-breakpoint
CREATE TABLE "monitor_outage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"monitor_id" uuid NOT NULL,
	"state" "outage_state" NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"cause_class" text,
	"cause_message" text,
	"incident_id" uuid
);
--> statement-breakpoint
ALTER TABLE "monitor" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "type" "monitor_type" DEFAULT 'http' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "secrets_encrypted" text;--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "wording" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "certificate_warned_for" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD COLUMN "recent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD COLUMN "ping_secret_hash" text;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD COLUMN "last_ping_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "monitor_region" ADD COLUMN "ping_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_result" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "monitor_outage" ADD CONSTRAINT "monitor_outage_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_outage" ADD CONSTRAINT "monitor_outage_monitor_id_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_outage" ADD CONSTRAINT "monitor_outage_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_outage_workspace_id_monitor_started_idx" ON "monitor_outage" USING btree ("workspace_id","monitor_id","started_at");--> statement-breakpoint
CREATE INDEX "monitor_outage_monitor_id_idx" ON "monitor_outage" USING btree ("monitor_id");--> statement-breakpoint
CREATE INDEX "monitor_outage_incident_id_idx" ON "monitor_outage" USING btree ("incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_region_ping_secret_hash_key" ON "monitor_region" USING btree ("ping_secret_hash");