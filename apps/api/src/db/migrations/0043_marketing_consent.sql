CREATE TABLE "marketing_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"basis" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consent_state_valid" CHECK ("marketing_consent"."state" IN ('subscribed', 'unsubscribed', 'not_asked')),
	CONSTRAINT "marketing_consent_source_valid" CHECK ("marketing_consent"."source" IN ('sign-up', 'profile', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_state" text DEFAULT 'not_asked' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_basis" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_source" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_consent" ADD CONSTRAINT "marketing_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_user_idx" ON "marketing_consent" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_marketing_state_valid" CHECK ("user"."marketing_state" IN ('subscribed', 'unsubscribed', 'not_asked'));