CREATE TYPE "public"."image_kind" AS ENUM('logo_light', 'logo_dark', 'favicon');--> statement-breakpoint
CREATE TABLE "workspace_image" (
	"workspace_id" uuid NOT NULL,
	"kind" "image_kind" NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"digest" text NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_image_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "accent_color_dark" text;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "header_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "support_url" text;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "footer_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "show_powered_by" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_image" ADD CONSTRAINT "workspace_image_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;