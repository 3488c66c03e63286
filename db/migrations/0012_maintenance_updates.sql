ALTER TYPE "public"."event_type" ADD VALUE 'maintenance.updated';--> statement-breakpoint
CREATE TABLE "maintenance_update" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"maintenance_id" uuid NOT NULL,
	"status" "maintenance_status" NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_update" ADD CONSTRAINT "maintenance_update_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_update" ADD CONSTRAINT "maintenance_update_maintenance_id_maintenance_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."maintenance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_update" ADD CONSTRAINT "maintenance_update_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_update_workspace_id_maintenance_id_idx" ON "maintenance_update" USING btree ("workspace_id","maintenance_id","created_at");