DROP INDEX "order_user_idx";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_url" text;--> statement-breakpoint
CREATE INDEX "order_user_created_idx" ON "order" USING btree ("user_id","created_at","id");