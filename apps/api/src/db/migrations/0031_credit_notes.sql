CREATE TABLE "credit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_note_key_unique" UNIQUE("key"),
	CONSTRAINT "credit_note_amount_positive" CHECK ("credit_note"."amount_cents" > 0),
	CONSTRAINT "credit_note_tax_fits" CHECK ("credit_note"."tax_cents" >= 0 AND "credit_note"."tax_cents" <= "credit_note"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "credit_note_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counter_one_row" CHECK ("credit_note_counter"."id")
);
--> statement-breakpoint
CREATE INDEX "credit_note_order_idx" ON "credit_note" USING btree ("order_id","number");--> statement-breakpoint
-- A credit note for each refund already in the ledger (its entries share a key, the store credit part's
-- ending in ':credit'), numbered in the order they were made. Its tax: a return's, what the return gave back
-- (refunded_tax_cents); a whole-order refund's, the order's frozen tax less what its returns gave back; none
-- where the order collected none. It is split over the rates in proportion to the frozen tax of what it
-- refunded (a return's refund lines; a whole refund's, the lines and shipping its returns left), the rounding's
-- cents going to the highest rate; the net is what went back less the tax, split alike.
WITH "refunds" AS (
  SELECT regexp_replace(e."key", ':credit$', '') AS "key", e."order_id",
    (array_agg(e."return_id") FILTER (WHERE e."return_id" IS NOT NULL))[1] AS "return_id",
    sum(e."amount_cents")::integer AS "amount_cents", min(e."created_at") AS "created_at"
  FROM "payment_entry" e
  WHERE e."kind" IN ('refund', 'credit_back')
  GROUP BY 1, 2
), "taxed" AS (
  SELECT f.*, LEAST(f."amount_cents", GREATEST(0, CASE
    WHEN NOT o."tax_collected" THEN 0
    WHEN f."return_id" IS NOT NULL THEN coalesce(r."refunded_tax_cents", 0)
    ELSE o."tax_cents" - coalesce((SELECT sum(x."refunded_tax_cents") FROM "order_return" x WHERE x."order_id" = f."order_id"), 0)
  END))::integer AS "tax_cents"
  FROM "refunds" f
  JOIN "order" o ON o."id" = f."order_id"
  LEFT JOIN "order_return" r ON r."id" = f."return_id"
), "frozen" AS (
  -- What each refund's tax is split in proportion to: a return's, its refund lines' share of the frozen tax
  -- of their order lines; a whole-order refund's, the order's lines' and shipping's frozen tax less the
  -- returns' lines.
  SELECT w."key", w."rate_pcm", sum(w."tax_cents")::bigint AS "tax_cents"
  FROM (
    SELECT t."key", i."tax_rate_pcm" AS "rate_pcm", i."tax_cents"::bigint * l."count" / i."count" AS "tax_cents"
    FROM "taxed" t
    JOIN "return_line" l ON l."return_id" = t."return_id" AND l."resolution" = 'refund'
    JOIN "order_item" i ON i."order_id" = t."order_id" AND i."position" = l."position"
    UNION ALL
    SELECT t."key", i."tax_rate_pcm", i."tax_cents"
    FROM "taxed" t JOIN "order_item" i ON i."order_id" = t."order_id"
    WHERE t."return_id" IS NULL
    UNION ALL
    SELECT t."key", o."shipping_tax_rate_pcm", o."shipping_tax_cents"
    FROM "taxed" t JOIN "order" o ON o."id" = t."order_id"
    WHERE t."return_id" IS NULL AND o."shipping_cents" > 0
    UNION ALL
    -- less what the order's received returns gave back of its lines
    SELECT t."key", i."tax_rate_pcm", -(i."tax_cents"::bigint * l."count" / i."count")
    FROM "taxed" t
    JOIN "order_return" r ON r."order_id" = t."order_id" AND r."state" = 'received'
    JOIN "return_line" l ON l."return_id" = r."id" AND l."resolution" = 'refund'
    JOIN "order_item" i ON i."order_id" = t."order_id" AND i."position" = l."position"
    WHERE t."return_id" IS NULL
  ) w
  WHERE w."rate_pcm" IS NOT NULL
  GROUP BY 1, 2
)
INSERT INTO "credit_note" ("number", "order_id", "return_id", "key", "amount_cents", "tax_cents", "rates", "created_at")
SELECT row_number() OVER (ORDER BY t."created_at", t."key"), t."order_id", t."return_id", t."key", t."amount_cents",
  t."tax_cents", coalesce(s."rates", '[]'::jsonb), t."created_at"
FROM "taxed" t
LEFT JOIN LATERAL (
  SELECT jsonb_agg(jsonb_build_object('ratePcm', q."rate_pcm", 'netCents', q."net"::integer, 'taxCents', q."tax"::integer) ORDER BY q."rate_pcm" DESC) AS "rates"
  FROM (
    SELECT q1."rate_pcm",
      q1."net" + CASE WHEN q1."first" THEN (t."amount_cents" - t."tax_cents") - sum(q1."net") OVER () ELSE 0 END AS "net",
      q1."tax" + CASE WHEN q1."first" THEN t."tax_cents" - sum(q1."tax") OVER () ELSE 0 END AS "tax"
    FROM (
      SELECT z."rate_pcm", row_number() OVER (ORDER BY z."rate_pcm" DESC) = 1 AS "first",
        ((t."amount_cents" - t."tax_cents")::bigint * z."tax_cents" / (sum(z."tax_cents") OVER ())::bigint) AS "net",
        (t."tax_cents"::bigint * z."tax_cents" / (sum(z."tax_cents") OVER ())::bigint) AS "tax"
      FROM "frozen" z
      WHERE z."key" = t."key" AND z."tax_cents" > 0
    ) q1
  ) q
) s ON t."tax_cents" > 0;--> statement-breakpoint
INSERT INTO "credit_note_counter" ("id", "last") SELECT true, coalesce(max("number"), 0) FROM "credit_note";
