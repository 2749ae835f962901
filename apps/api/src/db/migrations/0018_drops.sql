CREATE TABLE "drop" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"entry_opens_at" timestamp with time zone,
	"entry_closes_at" timestamp with time zone,
	"per_person_limit" integer DEFAULT 1 NOT NULL,
	"purchase_window_minutes" integer DEFAULT 30 NOT NULL,
	"admission_per_minute" integer,
	"pre_queue_minutes" integer DEFAULT 15 NOT NULL,
	"seed" text,
	"commitment" text,
	"drawn_at" timestamp with time zone,
	"drawn_units" jsonb,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "drop_mode_valid" CHECK ("drop"."mode" IN ('draw', 'queue')),
	CONSTRAINT "drop_limit_positive" CHECK ("drop"."per_person_limit" > 0),
	CONSTRAINT "drop_entry_window_ordered" CHECK ("drop"."entry_opens_at" IS NULL OR "drop"."entry_closes_at" IS NULL OR "drop"."entry_opens_at" < "drop"."entry_closes_at")
);
--> statement-breakpoint
CREATE TABLE "drop_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"drop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"size" double precision NOT NULL,
	"address_key" text NOT NULL,
	"phone_key" text NOT NULL,
	"status" text DEFAULT 'entered' NOT NULL,
	"rank" integer,
	"hold_until" timestamp with time zone,
	"order_id" uuid,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_entry_status_valid" CHECK ("drop_entry"."status" IN ('entered', 'won', 'bought', 'lapsed', 'waiting'))
);
--> statement-breakpoint
CREATE TABLE "drop_notify" (
	"drop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_notify_drop_id_user_id_pk" PRIMARY KEY("drop_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "drop_proof" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drop_ticket" (
	"drop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"phase" smallint NOT NULL,
	"place" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_ticket_drop_id_user_id_pk" PRIMARY KEY("drop_id","user_id"),
	CONSTRAINT "drop_ticket_phase_valid" CHECK ("drop_ticket"."phase" IN (0, 1))
);
--> statement-breakpoint
ALTER TABLE "drop" ADD CONSTRAINT "drop_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entry" ADD CONSTRAINT "drop_entry_drop_id_drop_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entry" ADD CONSTRAINT "drop_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entry" ADD CONSTRAINT "drop_entry_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_notify" ADD CONSTRAINT "drop_notify_drop_id_drop_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_notify" ADD CONSTRAINT "drop_notify_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ticket" ADD CONSTRAINT "drop_ticket_drop_id_drop_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ticket" ADD CONSTRAINT "drop_ticket_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drop_release_idx" ON "drop" USING btree ("release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entry_user_idx" ON "drop_entry" USING btree ("drop_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entry_address_idx" ON "drop_entry" USING btree ("drop_id","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entry_phone_idx" ON "drop_entry" USING btree ("drop_id","phone_key") WHERE "drop_entry"."phone_key" <> '';--> statement-breakpoint
CREATE INDEX "drop_entry_rank_idx" ON "drop_entry" USING btree ("drop_id","size","rank");--> statement-breakpoint
CREATE INDEX "drop_entry_order_idx" ON "drop_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "drop_proof_expires_idx" ON "drop_proof" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "drop_ticket_order_idx" ON "drop_ticket" USING btree ("drop_id","phase","place");--> statement-breakpoint
-- Arrivals after a first-come release queue in this order.
CREATE SEQUENCE "drop_ticket_arrival";
