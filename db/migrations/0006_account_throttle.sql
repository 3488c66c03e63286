CREATE TABLE "account_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_throttle_window_started_at_idx" ON "account_throttle" USING btree ("window_started_at");