DROP INDEX "product_search_terms_trgm_idx";--> statement-breakpoint
DROP INDEX "product_name_idx";--> statement-breakpoint
DROP INDEX "search_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_live_name_key_idx" ON "product" USING btree (lower("name") COLLATE "C","id") WHERE "product"."deleted_at" IS NULL;