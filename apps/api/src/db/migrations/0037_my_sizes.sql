ALTER TABLE "user" ADD COLUMN "size_system" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "my_sizes" jsonb DEFAULT '{"brands":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_size_system_valid" CHECK ("user"."size_system" IN ('US', 'UK', 'EU', 'CM'));