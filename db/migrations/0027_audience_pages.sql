ALTER TYPE "public"."email_kind" ADD VALUE 'page_sign_in';--> statement-breakpoint
CREATE TABLE "page_audience" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"name" text NOT NULL,
	"component_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"members" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_audience" ADD CONSTRAINT "page_audience_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_audience" ADD CONSTRAINT "page_audience_page_id_status_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_audience_workspace_id_page_id_idx" ON "page_audience" USING btree ("workspace_id","page_id","created_at");