CREATE TABLE "checkout_recovery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"value_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"last_email_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"recovered_order_id" uuid,
	"recovered_cents" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "checkout_recovery_state_valid" CHECK ("checkout_recovery"."state" IN ('waiting', 'reminded', 'recovered', 'ordered', 'not-sent')),
	CONSTRAINT "checkout_recovery_reason_valid" CHECK ("checkout_recovery"."reason" IS NULL OR "checkout_recovery"."reason" IN ('no-basis', 'nothing-left', 'drop', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "recovery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"delays_minutes" integer[] DEFAULT '{60,1440}'::integer[] NOT NULL,
	"soft_opt_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_settings_one_row" CHECK ("recovery_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD COLUMN "recovery_record_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_recovery" ADD CONSTRAINT "checkout_recovery_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recovery_open_idx" ON "checkout_recovery" USING btree ("user_id") WHERE "checkout_recovery"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "checkout_recovery_started_idx" ON "checkout_recovery" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_recovery_days_range" CHECK ("privacy_settings"."recovery_record_days" BETWEEN 1 AND 3650);--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'user.erase-hold', 'user.export', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept', 'security.enrol', 'security.remove', 'security.recovery-code', 'security.codes-regenerate', 'security.lock', 'security.step-up', 'security.step-up-refused', 'security.factors-reset', 'size-chart.update', 'privacy.settings', 'recovery.settings'));