CREATE TABLE "throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "account_throttle" CASCADE;--> statement-breakpoint
CREATE INDEX "throttle_window_ends_at_idx" ON "throttle" USING btree ("window_ends_at");