ALTER TABLE "status_page" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "status_page" ADD COLUMN "oidc_client_id" text;--> statement-breakpoint
ALTER TABLE "status_page" ADD COLUMN "oidc_client_secret_encrypted" text;