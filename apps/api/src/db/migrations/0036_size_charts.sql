CREATE TABLE "size_chart" (
	"brand" text NOT NULL,
	"gender" text NOT NULL,
	"rows" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_chart_brand_gender_pk" PRIMARY KEY("brand","gender"),
	CONSTRAINT "size_chart_brand_valid" CHECK ("size_chart"."brand" IN ('nike', 'champion', 'converse', 'gucci', 'vans', 'adidas', 'other')),
	CONSTRAINT "size_chart_gender_valid" CHECK ("size_chart"."gender" IN ('men', 'women')),
	CONSTRAINT "size_chart_has_rows" CHECK (jsonb_array_length("size_chart"."rows") > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept', 'security.enrol', 'security.remove', 'security.recovery-code', 'security.codes-regenerate', 'security.lock', 'security.step-up', 'security.step-up-refused', 'security.factors-reset', 'size-chart.update'));