CREATE TABLE "import_record" (
	"workspace_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_record_workspace_id_source_kind_source_id_pk" PRIMARY KEY("workspace_id","source","kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "import_record" ADD CONSTRAINT "import_record_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_record_workspace_id_target_id_idx" ON "import_record" USING btree ("workspace_id","target_id");