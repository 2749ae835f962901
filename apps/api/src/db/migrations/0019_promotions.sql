CREATE TABLE "credit_account" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_account_balance_not_negative" CHECK ("credit_account"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"order_number" integer,
	"return_id" uuid,
	"actor_id" uuid,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entry_key_unique" UNIQUE("key"),
	CONSTRAINT "credit_entry_amount_not_zero" CHECK ("credit_entry"."amount_cents" <> 0),
	CONSTRAINT "credit_entry_balance_not_negative" CHECK ("credit_entry"."balance_after_cents" >= 0),
	CONSTRAINT "credit_entry_kind_valid" CHECK ("credit_entry"."kind" IN ('grant', 'adjustment', 'spend', 'spend_returned', 'refund', 'return'))
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_customer" integer,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"applies_to_drops" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_code_key_unique" UNIQUE("code_key"),
	CONSTRAINT "promotion_kind_valid" CHECK ("promotion"."kind" IN ('percent', 'amount', 'free_shipping')),
	CONSTRAINT "promotion_status_valid" CHECK ("promotion"."status" IN ('active', 'paused', 'archived')),
	CONSTRAINT "promotion_value_fits_kind" CHECK (("promotion"."kind" = 'percent' AND "promotion"."percent_off" BETWEEN 1 AND 100 AND "promotion"."amount_off_cents" IS NULL)
        OR ("promotion"."kind" = 'amount' AND "promotion"."amount_off_cents" > 0 AND "promotion"."percent_off" IS NULL)
        OR ("promotion"."kind" = 'free_shipping' AND "promotion"."percent_off" IS NULL AND "promotion"."amount_off_cents" IS NULL)),
	CONSTRAINT "promotion_min_order_not_negative" CHECK ("promotion"."min_order_cents" >= 0),
	CONSTRAINT "promotion_uses_within_cap" CHECK ("promotion"."uses" >= 0 AND ("promotion"."total_uses" IS NULL OR "promotion"."uses" <= "promotion"."total_uses")),
	CONSTRAINT "promotion_caps_positive" CHECK (("promotion"."total_uses" IS NULL OR "promotion"."total_uses" > 0) AND ("promotion"."uses_per_customer" IS NULL OR "promotion"."uses_per_customer" > 0)),
	CONSTRAINT "promotion_dates_ordered" CHECK ("promotion"."starts_at" IS NULL OR "promotion"."ends_at" IS NULL OR "promotion"."starts_at" < "promotion"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "promotion_use" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_cents" integer NOT NULL,
	"order_total_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promotion_use_discount_not_negative" CHECK ("promotion_use"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "compare_at_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "credit_used_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_return" ADD COLUMN "refund_to" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "price_drop_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_account" ADD CONSTRAINT "credit_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_use" ADD CONSTRAINT "promotion_use_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_use" ADD CONSTRAINT "promotion_use_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_use" ADD CONSTRAINT "promotion_use_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entry_user_created_idx" ON "credit_entry" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "promotion_created_idx" ON "promotion" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promotion_use_customer_idx" ON "promotion_use" USING btree ("promotion_id","user_id") WHERE "promotion_use"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_compare_at_above_price" CHECK ("product"."compare_at_price_cents" IS NULL OR "product"."compare_at_price_cents" > "product"."price_cents");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_discount_not_negative" CHECK ("order"."discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_credit_within_total" CHECK ("order"."credit_used_cents" BETWEEN 0 AND "order"."total_cents");--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_discount_within_line" CHECK ("order_item"."discount_cents" BETWEEN 0 AND "order_item"."unit_price_cents" * "order_item"."count");--> statement-breakpoint
ALTER TABLE "order_return" ADD CONSTRAINT "order_return_refund_to_valid" CHECK ("order_return"."refund_to" IN ('original', 'credit'));