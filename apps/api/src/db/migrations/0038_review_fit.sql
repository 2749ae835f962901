ALTER TABLE "review" ADD COLUMN "fit" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "size_bought" text;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_fit_valid" CHECK ("review"."fit" IN ('small', 'true', 'large'));