CREATE TABLE "data_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'preparing' NOT NULL,
	"archive" "bytea",
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_export_state_valid" CHECK ("data_export"."state" IN ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_user_idx" ON "data_export" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'user.erase-hold', 'user.export', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept', 'security.enrol', 'security.remove', 'security.recovery-code', 'security.codes-regenerate', 'security.lock', 'security.step-up', 'security.step-up-refused', 'security.factors-reset', 'size-chart.update', 'privacy.settings'));