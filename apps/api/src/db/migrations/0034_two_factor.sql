CREATE TABLE "passkey" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"aaguid" text,
	CONSTRAINT "passkey_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" uuid NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"lock_announced_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey" ADD CONSTRAINT "passkey_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_user_idx" ON "passkey" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept', 'security.enrol', 'security.remove', 'security.recovery-code', 'security.codes-regenerate', 'security.lock', 'security.step-up', 'security.step-up-refused'));