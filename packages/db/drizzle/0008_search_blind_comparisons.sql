-- A post's words as a search reads them: a search splits what is typed at every character that is
-- not a letter or a digit (toSearchTerms), so the document is split there too. 'gpt-5.4-mini'
-- is then the words gpt, 5, 4 and mini on both sides, where the parser alone kept '-5.4'.
CREATE FUNCTION "search_words"("text" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT regexp_replace("text", '[[:punct:]]+', ' ', 'g')
$$;--> statement-breakpoint
-- A comparison's models stay out of its search document: a viewer who has not voted must not
-- learn them by searching a model's name. Its prompts and answers are searched as before.
CREATE OR REPLACE FUNCTION "posts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	blind boolean := NEW."comparison" IS NOT NULL;
BEGIN
	NEW."search_vector" :=
		setweight(to_tsvector('simple', search_words(coalesce(NEW."description", ''))), 'A') ||
		setweight(to_tsvector('simple', search_words(array_to_string(NEW."categories", ' ') || ' ' ||
			CASE WHEN blind THEN '' ELSE array_to_string(NEW."model_versions", ' ') END)), 'B') ||
		setweight(to_tsvector('simple', search_words(left(coalesce((
			SELECT string_agg(coalesce(m->>'content', '') || ' ' || CASE WHEN blind THEN '' ELSE coalesce(m->>'model_name', '') END, ' ')
			FROM jsonb_array_elements(NEW."messages") AS m
		), ''), 500000))), 'C') ||
		setweight(to_tsvector('simple', search_words(left(coalesce((
			SELECT string_agg(x #>> '{}', ' ') FROM (
				SELECT jsonb_path_query(NEW."comparison", 'lax $.turns[*].prompt') AS x
				UNION ALL SELECT jsonb_path_query(NEW."comparison", 'lax $.turns[*].answers[*].content')
			) AS texts
		), ''), 500000))), 'C');
	RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "posts" SET "description" = "description";
