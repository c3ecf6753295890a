-- A conversation's search document holds the first 100,000 characters of the message and of the
-- reply: an imported message of more than 1 MB of distinct words no longer overflows a tsvector.
ALTER TABLE "chat_entries" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "chat_entries" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', left(message_content, 100000) || ' ' || left(response_content, 100000))) STORED;--> statement-breakpoint
CREATE INDEX "chat_entries_search_idx" ON "chat_entries" USING gin ("search_vector");
