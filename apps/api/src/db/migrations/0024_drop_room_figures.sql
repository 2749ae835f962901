ALTER TABLE "drop_ticket" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "drop_ticket" ADD COLUMN "bought_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drop_ticket" ADD CONSTRAINT "drop_ticket_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drop_ticket_bought_order_idx" ON "drop_ticket" USING btree ("order_id");