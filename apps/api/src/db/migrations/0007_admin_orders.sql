ALTER TABLE "order" ADD COLUMN "refund_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_state_created_idx" ON "order" USING btree ("state","created_at","id");