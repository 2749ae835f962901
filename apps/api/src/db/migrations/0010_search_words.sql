CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_word" ("word")
SELECT DISTINCT "word"
FROM "product", regexp_split_to_table(lower("search_terms" || ' ' || "search_body"), '[^[:alnum:]]+') AS "word"
WHERE length("word") BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
