CREATE TABLE "checker_region" (
	"region" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
-- The regions that have reported results count as seen when they last did.
INSERT INTO "checker_region" ("region", "last_seen_at")
SELECT "region", max("last_reported_at") FROM "monitor_region"
WHERE "last_reported_at" IS NOT NULL GROUP BY "region";
