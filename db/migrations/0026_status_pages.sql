CREATE TYPE "public"."page_visibility" AS ENUM('public', 'password', 'audience');--> statement-breakpoint
CREATE TABLE "status_page" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"host" text,
	"visibility" "page_visibility" DEFAULT 'public' NOT NULL,
	"password_hash" text,
	"component_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"name" text,
	"time_zone" text,
	"default_locale" text,
	"accent_color" text,
	"accent_color_dark" text,
	"header_links" jsonb,
	"support_url" text,
	"footer_text" text,
	"show_powered_by" boolean,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_page" ADD CONSTRAINT "status_page_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_workspace_id_slug_key" ON "status_page" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_workspace_id_default_key" ON "status_page" USING btree ("workspace_id") WHERE "status_page"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_host_key" ON "status_page" USING btree ("host");--> statement-breakpoint
CREATE INDEX "status_page_workspace_id_created_at_idx" ON "status_page" USING btree ("workspace_id","created_at");--> statement-breakpoint
INSERT INTO "status_page" ("id", "workspace_id", "is_default", "slug", "component_ids", "group_ids")
SELECT gen_random_uuid(), w."id", true, 'status',
  coalesce((SELECT array_agg(c."id") FROM "component" c WHERE c."workspace_id" = w."id"), '{}'::uuid[]),
  coalesce((SELECT array_agg(g."id") FROM "component_group" g WHERE g."workspace_id" = w."id"), '{}'::uuid[])
FROM "workspace" w;
