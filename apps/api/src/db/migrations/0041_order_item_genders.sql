ALTER TABLE "order_item" ADD COLUMN "genders" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "order_item_product_idx" ON "order_item" USING btree ("product_id","size");--> statement-breakpoint
-- Lines bought before: the product's genders as they are now (what labelled their sizes until then).
UPDATE "order_item" SET "genders" = "product"."genders" FROM "product" WHERE "product"."id" = "order_item"."product_id";
