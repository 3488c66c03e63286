DROP INDEX "subscriber_workspace_id_email_key";--> statement-breakpoint
ALTER TABLE "subscriber" ADD COLUMN "page_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD COLUMN "page_id" uuid;--> statement-breakpoint
UPDATE "subscriber" SET "page_id" = "status_page"."id" FROM "status_page" WHERE "status_page"."workspace_id" = "subscriber"."workspace_id" AND "status_page"."is_default";--> statement-breakpoint
UPDATE "subscription_request" SET "page_id" = "status_page"."id" FROM "status_page" WHERE "status_page"."workspace_id" = "subscription_request"."workspace_id" AND "status_page"."is_default";--> statement-breakpoint
ALTER TABLE "subscriber" ALTER COLUMN "page_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_request" ALTER COLUMN "page_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber" ADD CONSTRAINT "subscriber_page_id_status_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_request" ADD CONSTRAINT "subscription_request_page_id_status_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_workspace_id_page_id_email_key" ON "subscriber" USING btree ("workspace_id","page_id","email");--> statement-breakpoint
CREATE INDEX "subscriber_page_id_idx" ON "subscriber" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "subscription_request_page_id_idx" ON "subscription_request" USING btree ("page_id");