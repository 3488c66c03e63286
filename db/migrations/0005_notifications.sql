CREATE TYPE "public"."delivery_state" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."endpoint_kind" AS ENUM('webhook', 'slack', 'discord');--> statement-breakpoint
CREATE TYPE "public"."endpoint_state" AS ENUM('active', 'failing');--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"state" "delivery_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_attempt" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"next_attempt_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "endpoint_kind" NOT NULL,
	"name" text NOT NULL,
	"url_encrypted" text NOT NULL,
	"secret_encrypted" text,
	"state" "endpoint_state" DEFAULT 'active' NOT NULL,
	"failing_since" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint_component" (
	"workspace_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	CONSTRAINT "webhook_endpoint_component_endpoint_id_component_id_pk" PRIMARY KEY("endpoint_id","component_id")
);
--> statement-breakpoint
ALTER TABLE "outbox_event" ADD COLUMN "fanned_out_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_event_id_outbox_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempt" ADD CONSTRAINT "delivery_attempt_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempt" ADD CONSTRAINT "delivery_attempt_delivery_id_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_component" ADD CONSTRAINT "webhook_endpoint_component_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_component" ADD CONSTRAINT "webhook_endpoint_component_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_component" ADD CONSTRAINT "webhook_endpoint_component_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_endpoint_id_event_id_key" ON "delivery" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "delivery_state_next_attempt_at_idx" ON "delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "delivery_workspace_id_endpoint_id_created_at_idx" ON "delivery" USING btree ("workspace_id","endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_attempt_workspace_id_delivery_id_idx" ON "delivery_attempt" USING btree ("workspace_id","delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_workspace_id_created_at_idx" ON "webhook_endpoint" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_event_fanned_out_at_idx" ON "outbox_event" USING btree ("fanned_out_at","occurred_at");