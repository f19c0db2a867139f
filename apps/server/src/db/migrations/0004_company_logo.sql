ALTER TABLE "company" ADD COLUMN "logo_bytes" "bytea";--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "logo_type" text;