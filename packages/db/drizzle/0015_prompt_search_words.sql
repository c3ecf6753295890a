-- A prompt's search document splits words as post search does (search_words, migration 0008):
-- ASCII punctuation becomes spaces on both sides, so `gpt-5.4-mini` in a prompt is found by the
-- words `gpt 5 4 mini`, as in a post.
CREATE OR REPLACE FUNCTION "prompts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_vector" :=
		setweight(to_tsvector('simple', search_words(coalesce(NEW."name", ''))), 'A') ||
		setweight(to_tsvector('simple', search_words(coalesce(NEW."description", '') || ' ' || coalesce(NEW."category", ''))), 'B') ||
		setweight(to_tsvector('simple', search_words(left(coalesce(NEW."prompt", ''), 100000))), 'C');
	RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "prompts" SET "name" = "name";
