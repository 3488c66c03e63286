ALTER TYPE "public"."event_type" ADD VALUE 'incident.postmortem_published';--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "postmortem_body" text;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "postmortem_published_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "postmortem_updated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscriber" ADD COLUMN "postmortems" boolean DEFAULT false NOT NULL;