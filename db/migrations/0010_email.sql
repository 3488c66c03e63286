CREATE TYPE "public"."email_kind" AS ENUM('confirmation', 'already_subscribed', 'event', 'invitation');--> statement-breakpoint
CREATE TYPE "public"."email_state" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."subscriber_state" AS ENUM('pending_confirmation', 'active', 'bounced');--> statement-breakpoint
CREATE TABLE "email_message" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "email_kind" NOT NULL,
	"to_address" text NOT NULL,
	"subscriber_id" uuid,
	"event_id" uuid,
	"link_encrypted" text,
	"state" "email_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lease" uuid,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_message" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"state" "subscriber_state" DEFAULT 'pending_confirmation' NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp (3) with time zone,
	"last_confirmation_at" timestamp (3) with time zone,
	"confirmed_at" timestamp (3) with time zone,
	"bounced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_component" (
	"workspace_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	CONSTRAINT "subscriber_component_subscriber_id_component_id_pk" PRIMARY KEY("subscriber_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_request" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"component_ids" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_subscriber_id_subscriber_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscriber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_event_id_outbox_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_message" ADD CONSTRAINT "mailbox_message_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber" ADD CONSTRAINT "subscriber_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_component" ADD CONSTRAINT "subscriber_component_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_component" ADD CONSTRAINT "subscriber_component_subscriber_id_subscriber_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscriber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_component" ADD CONSTRAINT "subscriber_component_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD CONSTRAINT "subscription_request_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_message_state_next_attempt_at_idx" ON "email_message" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_message_workspace_id_created_at_idx" ON "email_message" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_message_event_id_subscriber_id_key" ON "email_message" USING btree ("event_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "mailbox_message_workspace_id_created_at_idx" ON "mailbox_message" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_message_message_id_key" ON "mailbox_message" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_workspace_id_email_key" ON "subscriber" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "subscriber_workspace_id_created_at_idx" ON "subscriber" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_confirm_token_hash_key" ON "subscriber" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "subscriber_component_workspace_id_idx" ON "subscriber_component" USING btree ("workspace_id","component_id");--> statement-breakpoint
CREATE INDEX "subscription_request_created_at_idx" ON "subscription_request" USING btree ("created_at");