ALTER TABLE "product" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_method" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_tax_category_valid" CHECK ("product"."tax_category" IN ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "shipping_method" ADD CONSTRAINT "shipping_method_tax_category_valid" CHECK ("shipping_method"."tax_category" IN ('standard', 'reduced', 'zero', 'exempt'));