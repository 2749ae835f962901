CREATE TABLE "size_advice" (
	"basis_product_id" uuid NOT NULL,
	"basis_size" double precision NOT NULL,
	"product_id" uuid NOT NULL,
	"size" double precision NOT NULL,
	"buyers" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_advice_product_id_basis_product_id_basis_size_pk" PRIMARY KEY("product_id","basis_product_id","basis_size"),
	CONSTRAINT "size_advice_buyers_positive" CHECK ("size_advice"."buyers" > 0)
);
--> statement-breakpoint
ALTER TABLE "size_advice" ADD CONSTRAINT "size_advice_basis_product_id_product_id_fk" FOREIGN KEY ("basis_product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_advice" ADD CONSTRAINT "size_advice_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A size that sells out, or comes back, changes what "In my size" finds: the product is stamped with a new
-- catalogue version (the product_listing_version trigger does it), so every instance's listing reads it again.
-- Only a change across zero counts, once per statement; a sale that leaves units does not touch the product,
-- nor does a product that already carries this transaction's version (one just added with its stock).
CREATE FUNCTION "product_stock_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stamped bigint := nullif(current_setting('shop.listing_version', true), '')::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "product" SET "listing_version" = "listing_version"
      WHERE "id" IN (SELECT "product_id" FROM "added_stock" WHERE "units" > 0)
        AND "listing_version" IS DISTINCT FROM stamped;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "product" SET "listing_version" = "listing_version"
      WHERE "id" IN (SELECT "product_id" FROM "removed_stock" WHERE "units" > 0)
        AND "listing_version" IS DISTINCT FROM stamped;
  ELSE
    UPDATE "product" SET "listing_version" = "listing_version"
      WHERE "id" IN (
        SELECT n."product_id" FROM "changed_stock" n
          JOIN "unchanged_stock" o ON o."product_id" = n."product_id" AND o."size" = n."size"
          WHERE (o."units" > 0) <> (n."units" > 0)
      ) AND "listing_version" IS DISTINCT FROM stamped;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_stock_listing_insert" AFTER INSERT ON "product_stock"
  REFERENCING NEW TABLE AS "added_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_listing"();--> statement-breakpoint
CREATE TRIGGER "product_stock_listing_update" AFTER UPDATE ON "product_stock"
  REFERENCING OLD TABLE AS "unchanged_stock" NEW TABLE AS "changed_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_listing"();--> statement-breakpoint
CREATE TRIGGER "product_stock_listing_delete" AFTER DELETE ON "product_stock"
  REFERENCING OLD TABLE AS "removed_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_listing"();
