ALTER TABLE "drop_entry" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "full_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;