CREATE INDEX "user_username_trgm_idx" ON "user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);