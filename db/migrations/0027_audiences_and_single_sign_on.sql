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
CREATE TABLE "removed_member" (
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"removed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "removed_member_workspace_id_email_pk" PRIMARY KEY("workspace_id","email")
);
--> statement-breakpoint
CREATE TABLE "workspace_sso" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_role" "role" DEFAULT 'viewer' NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_page" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "status_page" ADD COLUMN "oidc_client_id" text;--> statement-breakpoint
ALTER TABLE "status_page" ADD COLUMN "oidc_client_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "page_audience" ADD CONSTRAINT "page_audience_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_audience" ADD CONSTRAINT "page_audience_page_id_status_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_member" ADD CONSTRAINT "removed_member_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_sso" ADD CONSTRAINT "workspace_sso_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_audience_workspace_id_page_id_idx" ON "page_audience" USING btree ("workspace_id","page_id","created_at");--> statement-breakpoint
CREATE INDEX "page_audience_page_id_idx" ON "page_audience" USING btree ("page_id");