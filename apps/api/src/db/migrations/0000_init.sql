CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"price_cents" integer NOT NULL,
	"rating" smallint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"genders" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"color" text NOT NULL,
	"collection" text DEFAULT '' NOT NULL,
	"release_date" date NOT NULL,
	"card_picture" text NOT NULL,
	"detail_picture" text NOT NULL,
	"original_picture" text NOT NULL,
	"featured_slot" smallint,
	"search_terms" text NOT NULL,
	"search_body" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_terms), 'A') || setweight(to_tsvector('english', search_body), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_slug_unique" UNIQUE("slug"),
	CONSTRAINT "product_featured_slot_unique" UNIQUE("featured_slot"),
	CONSTRAINT "product_price_positive" CHECK ("product"."price_cents" > 0),
	CONSTRAINT "product_rating_range" CHECK ("product"."rating" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL,
	"size" double precision NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_units_non_negative" CHECK ("product_stock"."units" >= 0),
	CONSTRAINT "product_stock_reserved_non_negative" CHECK ("product_stock"."reserved" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "product_search_terms_trgm_idx" ON "product" USING gin ("search_terms" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_categories_idx" ON "product" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "product_genders_idx" ON "product" USING gin ("genders");--> statement-breakpoint
CREATE INDEX "product_brand_idx" ON "product" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "product_price_idx" ON "product" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree ("name");--> statement-breakpoint
CREATE INDEX "product_release_idx" ON "product" USING btree ("release_date");