ALTER TABLE "delivery_attempt" ALTER COLUMN "latency_ms" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_attempt" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "delivery_attempt" SET "completed_at" = "attempted_at";
