CREATE TABLE "monitor_deleted" (
	"monitor_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_result" DROP CONSTRAINT "monitor_result_monitor_id_monitor_id_fk";
--> statement-breakpoint
-- Every deleted monitor, however it went (its own delete, or its component's), leaves its name
-- behind, so its raw results can be removed in batches after the delete has answered.
CREATE FUNCTION "monitor_deleted_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "monitor_deleted" ("monitor_id", "workspace_id") VALUES (OLD."id", OLD."workspace_id")
  ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "monitor_deleted_record" AFTER DELETE ON "monitor"
  FOR EACH ROW EXECUTE FUNCTION "monitor_deleted_record"();
