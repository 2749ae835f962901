CREATE TABLE "payment_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tender" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text,
	"return_id" uuid,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_entry_key_unique" UNIQUE("key"),
	CONSTRAINT "payment_entry_amount_positive" CHECK ("payment_entry"."amount_cents" > 0),
	CONSTRAINT "payment_entry_kind_valid" CHECK ("payment_entry"."kind" IN ('capture', 'refund', 'credit_spend', 'credit_back')),
	CONSTRAINT "payment_entry_tender_fits_kind" CHECK (("payment_entry"."kind" IN ('credit_spend', 'credit_back')) = ("payment_entry"."tender" = 'store_credit'))
);
--> statement-breakpoint
CREATE TABLE "refund_claim" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_refunded_within_total";--> statement-breakpoint
ALTER TABLE "order_return" DROP CONSTRAINT "order_return_refunded_not_negative";--> statement-breakpoint
ALTER TABLE "refund_claim" ADD CONSTRAINT "refund_claim_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_entry_order_idx" ON "payment_entry" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_entry_refunds_idx" ON "payment_entry" USING btree ("created_at") WHERE "payment_entry"."kind" IN ('refund', 'credit_back');--> statement-breakpoint
-- The ledger of the orders placed before it (docs/decisions/0032). An order the store credit paid whole
-- names it as what paid it.
UPDATE "order" SET "provider" = 'store_credit' WHERE "credit_used_cents" > 0 AND "credit_used_cents" = "total_cents";--> statement-breakpoint
-- What paid each paid order: the provider's capture of the rest, and the store credit spent.
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "reference", "key", "created_at")
SELECT "id", 'capture', "provider", "total_cents" - "credit_used_cents", "provider_reference", 'capture:' || "id", coalesce("paid_at", "created_at")
FROM "order"
WHERE ("paid_at" IS NOT NULL OR "state" = 'aprobed' OR "refunded_at" IS NOT NULL) AND "total_cents" - "credit_used_cents" > 0;--> statement-breakpoint
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "key", "created_at")
SELECT "id", 'credit_spend', 'store_credit', "credit_used_cents", 'credit-spend:' || "id", coalesce("paid_at", "created_at")
FROM "order"
WHERE ("paid_at" IS NOT NULL OR "state" = 'aprobed' OR "refunded_at" IS NOT NULL) AND "credit_used_cents" > 0;--> statement-breakpoint
-- Each received return's refund: what went back as store credit (its credit entry), the rest through the provider.
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "return_id", "key", "created_at")
SELECT r."order_id", 'credit_back', 'store_credit', c."amount_cents", r."id", 'return-refund:' || r."id" || ':credit', coalesce(r."received_at", c."created_at")
FROM "order_return" r JOIN "credit_entry" c ON c."key" = 'return-credit:' || r."id"
WHERE r."refunded_cents" > 0 AND c."amount_cents" > 0;--> statement-breakpoint
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "reference", "return_id", "key", "created_at")
SELECT r."order_id", 'refund', o."provider", r."refunded_cents" - coalesce(c."amount_cents", 0), o."provider_reference", r."id", 'return-refund:' || r."id", coalesce(r."received_at", r."created_at")
FROM "order_return" r
JOIN "order" o ON o."id" = r."order_id"
LEFT JOIN "credit_entry" c ON c."key" = 'return-credit:' || r."id"
WHERE r."refunded_cents" - coalesce(c."amount_cents", 0) > 0;--> statement-breakpoint
-- A whole-order refund gave back what the returns had not: its store credit part (its credit entry), the rest
-- through the provider. Whatever else an order counted as refunded is kept as a refund too, so that every
-- order's refunded figure stays what it was.
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "key", "created_at")
SELECT o."id", 'credit_back', 'store_credit', c."amount_cents", 'refund-order:' || o."id" || ':credit', coalesce(o."refunded_at", c."created_at")
FROM "order" o JOIN "credit_entry" c ON c."key" = 'refund-credit:' || o."id"
WHERE c."amount_cents" > 0;--> statement-breakpoint
INSERT INTO "payment_entry" ("order_id", "kind", "tender", "amount_cents", "reference", "key", "created_at")
SELECT o."id", 'refund', o."provider", o."refunded_cents" - coalesce(r."cents", 0) - coalesce(c."amount_cents", 0), o."provider_reference", 'refund-order:' || o."id", coalesce(o."refunded_at", o."updated_at")
FROM "order" o
LEFT JOIN (SELECT "order_id", sum("refunded_cents") AS "cents" FROM "order_return" GROUP BY "order_id") r ON r."order_id" = o."id"
LEFT JOIN "credit_entry" c ON c."key" = 'refund-credit:' || o."id"
WHERE o."refunded_cents" - coalesce(r."cents", 0) - coalesce(c."amount_cents", 0) > 0;--> statement-breakpoint
-- A refund in progress when the shop was updated: its claim is kept (it runs out by itself).
INSERT INTO "refund_claim" ("order_id", "claimed_until")
SELECT "id", "refund_claimed_until" FROM "order" WHERE "refund_claimed_until" > now();--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "refunded_cents";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "refund_claimed_until";--> statement-breakpoint
ALTER TABLE "order_return" DROP COLUMN "refunded_cents";