ALTER TABLE "order" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_collected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_jurisdiction" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_source" text DEFAULT 'table' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_tax_rate_pcm" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "tax_rate_pcm" integer;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_tax_not_negative" CHECK ("order"."tax_cents" >= 0 AND "order"."shipping_tax_cents" >= 0);