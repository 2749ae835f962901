CREATE TABLE "erasure" (
	"number" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone,
	"reason" text,
	"erased_at" timestamp with time zone,
	CONSTRAINT "erasure_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "erasure_held_or_done" CHECK ("erasure"."erased_at" IS NOT NULL OR "erasure"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"erasure_hold_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_one_row" CHECK ("privacy_settings"."id" = 1),
	CONSTRAINT "privacy_settings_hold_days_range" CHECK ("privacy_settings"."erasure_hold_days" BETWEEN 0 AND 3650)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "erasure" ADD CONSTRAINT "erasure_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure" ADD CONSTRAINT "erasure_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'user.erase-hold', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept', 'security.enrol', 'security.remove', 'security.recovery-code', 'security.codes-regenerate', 'security.lock', 'security.step-up', 'security.step-up-refused', 'security.factors-reset', 'size-chart.update', 'privacy.settings'));--> statement-breakpoint
-- Accounts deleted before erasures were numbered: each gets its number, and the name the kept records show.
INSERT INTO "erasure" ("user_id", "created_at", "erased_at")
  SELECT "id", "updated_at", "updated_at" FROM "user" WHERE "ban_reason" = 'deleted' ORDER BY "updated_at", "id";--> statement-breakpoint
UPDATE "user" AS u SET
  "name" = 'Erased customer #' || e."number",
  "username" = 'erased-' || e."number",
  "display_username" = 'erased-' || e."number",
  "email" = 'erased-' || e."number" || '@deleted.invalid'
FROM "erasure" AS e WHERE e."user_id" = u."id" AND u."ban_reason" = 'deleted';
