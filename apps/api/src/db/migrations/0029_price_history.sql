CREATE TABLE "product_price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_history_price_positive" CHECK ("product_price_history"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_history_product_idx" ON "product_price_history" USING btree ("product_id","effective_at");--> statement-breakpoint
-- Every product inserted, and every change of a product's price, appends its price to the history, in
-- the statement's own transaction: whichever path writes it (the staff's forms, the seed, tests, by hand).
CREATE FUNCTION "product_price_history_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_price_history" ("product_id", "price_cents")
      SELECT "id", "price_cents" FROM "added_products";
  ELSE
    INSERT INTO "product_price_history" ("product_id", "price_cents")
      SELECT "after"."id", "after"."price_cents"
      FROM "changed_products" AS "after" JOIN "unchanged_products" AS "before" ON "before"."id" = "after"."id"
      WHERE "before"."price_cents" IS DISTINCT FROM "after"."price_cents";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_price_history_append_insert" AFTER INSERT ON "product"
  REFERENCING NEW TABLE AS "added_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_price_history_append"();--> statement-breakpoint
CREATE TRIGGER "product_price_history_append_update" AFTER UPDATE ON "product"
  REFERENCING OLD TABLE AS "unchanged_products" NEW TABLE AS "changed_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_price_history_append"();--> statement-breakpoint
-- Append-only: a price once taken is never changed nor removed. Its rows go only with their product,
-- when that is deleted outright (the cascade finds the product gone).
CREATE FUNCTION "product_price_history_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "product" WHERE "id" = OLD."product_id") THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'the price history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_price_history_kept" BEFORE UPDATE OR DELETE ON "product_price_history"
  FOR EACH ROW EXECUTE FUNCTION "product_price_history_kept"();--> statement-breakpoint
CREATE TRIGGER "product_price_history_kept_truncate" BEFORE TRUNCATE ON "product_price_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_price_history_kept"();--> statement-breakpoint
-- The products already there: their price, in effect since they were added.
INSERT INTO "product_price_history" ("product_id", "price_cents", "effective_at")
  SELECT "id", "price_cents", "created_at" FROM "product";
