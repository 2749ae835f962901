ALTER TABLE "return_line" ADD COLUMN "reason" text;--> statement-breakpoint
UPDATE "return_line" SET "reason" = "order_return"."reason" FROM "order_return" WHERE "order_return"."id" = "return_line"."return_id";--> statement-breakpoint
ALTER TABLE "return_line" ALTER COLUMN "reason" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "return_line" ADD CONSTRAINT "return_line_reason_valid" CHECK ("return_line"."reason" IN ('too_small', 'too_large', 'not_as_pictured', 'damaged', 'changed_mind', 'other'));
