CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id")
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "listing_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_listing_version_idx" ON "product" USING btree ("listing_version");--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version", "generation") VALUES (true, 1, 0);--> statement-breakpoint
UPDATE "product" SET "listing_version" = 1;--> statement-breakpoint
-- Stamps every inserted or updated product with its transaction's catalogue version: the first row of a
-- transaction raises the version (and holds its row lock until commit, so versions commit in order), the
-- others reuse it through a transaction-local setting.
CREATE FUNCTION "product_listing_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_version text := current_setting('shop.listing_version', true);
BEGIN
  IF current_version IS NULL OR current_version = '' THEN
    UPDATE "catalog_version" SET "version" = "version" + 1 RETURNING "version"::text INTO current_version;
    PERFORM set_config('shop.listing_version', current_version, true);
  END IF;
  NEW."listing_version" := current_version::bigint;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_listing_version" BEFORE INSERT OR UPDATE ON "product"
  FOR EACH ROW EXECUTE FUNCTION "product_listing_version"();--> statement-breakpoint
-- A product deleted outright leaves no row to read: the listings read the whole catalogue again.
CREATE FUNCTION "catalog_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1, "generation" = "generation" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_generation" AFTER DELETE OR TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_generation"();
