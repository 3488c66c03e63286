-- A slot recorded twice before the key existed keeps its first result.
DELETE FROM "monitor_result" AS "later" USING "monitor_result" AS "first"
WHERE "later"."monitor_id" = "first"."monitor_id" AND "later"."region" = "first"."region"
  AND "later"."scheduled_at" = "first"."scheduled_at" AND "later"."id" > "first"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_result_monitor_region_scheduled_key" ON "monitor_result" USING btree ("monitor_id","region","scheduled_at");
