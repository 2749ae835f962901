CREATE TABLE "known_device" (
	"user_id" uuid NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_device_user_id_device_pk" PRIMARY KEY("user_id","device")
);
--> statement-breakpoint
CREATE TABLE "staff_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_kind_valid";--> statement-breakpoint
ALTER TABLE "known_device" ADD CONSTRAINT "known_device_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitation" ADD CONSTRAINT "staff_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitation" ADD CONSTRAINT "staff_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitation_email_idx" ON "staff_invitation" USING btree ("email");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_kind_valid" CHECK ("audit_event"."kind" IN ('product.create', 'product.update', 'product.archive', 'product.restore', 'user.update', 'user.suspend', 'user.reactivate', 'user.promote', 'user.demote', 'user.role', 'user.delete', 'order.cancel', 'order.refund', 'return.approve', 'return.reject', 'return.receive', 'return.refund', 'order.ship', 'order.deliver', 'review.delete', 'shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive', 'drop.create', 'drop.update', 'drop.draw', 'drop.export', 'promotion.create', 'promotion.update', 'promotion.export', 'credit.grant', 'tax.settings', 'tax.rate-create', 'tax.rate-update', 'tax.rate-delete', 'tax.register', 'tax.unregister', 'tax.threshold-update', 'staff.role-create', 'staff.role-update', 'staff.role-delete', 'staff.settings', 'staff.sessions-end', 'staff.invite', 'staff.invitation-accept'));