ALTER TYPE "public"."endpoint_kind" ADD VALUE 'teams';--> statement-breakpoint
ALTER TYPE "public"."endpoint_kind" ADD VALUE 'google_chat';--> statement-breakpoint
ALTER TYPE "public"."endpoint_kind" ADD VALUE 'mattermost';