ALTER TABLE "test_payment" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment" ADD COLUMN "refund_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "test_payment" SET "refunded_cents" = "amount_cents" WHERE "refunded_at" IS NOT NULL;
