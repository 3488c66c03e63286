CREATE TABLE "incident_template" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" "incident_status" DEFAULT 'investigating' NOT NULL,
	"impact" "incident_impact" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_template_component" (
	"workspace_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"status" "component_status" NOT NULL,
	CONSTRAINT "incident_template_component_template_id_component_id_pk" PRIMARY KEY("template_id","component_id")
);
--> statement-breakpoint
ALTER TABLE "monitor" ADD COLUMN "incident_template_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_template" ADD CONSTRAINT "incident_template_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_template_component" ADD CONSTRAINT "incident_template_component_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_template_component" ADD CONSTRAINT "incident_template_component_template_id_incident_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."incident_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_template_component" ADD CONSTRAINT "incident_template_component_component_id_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_template_workspace_id_name_idx" ON "incident_template" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "incident_template_component_component_id_idx" ON "incident_template_component" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "incident_template_component_workspace_id_template_id_idx" ON "incident_template_component" USING btree ("workspace_id","template_id");--> statement-breakpoint
ALTER TABLE "monitor" ADD CONSTRAINT "monitor_incident_template_id_incident_template_id_fk" FOREIGN KEY ("incident_template_id") REFERENCES "public"."incident_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_incident_template_id_idx" ON "monitor" USING btree ("incident_template_id");