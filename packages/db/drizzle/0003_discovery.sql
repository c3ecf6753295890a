ALTER TABLE "chat_entries" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', message_content || ' ' || response_content)) STORED;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "fork_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "vote_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "forked_from_post_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hot_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_forked_from_post_id_posts_id_fk" FOREIGN KEY ("forked_from_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_entries_search_idx" ON "chat_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_hot_idx" ON "posts" USING btree ("hot_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_forked_from_idx" ON "posts" USING btree ("forked_from_post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_idx" ON "users" USING btree ("handle");--> statement-breakpoint
-- A post's search document: description (weight A), categories and model names (B), the
-- conversation's text (C). The 'simple' configuration: conversations are in any language and full
-- of model names and code, which English stemming and stop words would mangle or drop.
CREATE FUNCTION "posts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_vector" :=
		setweight(to_tsvector('simple', coalesce(NEW."description", '')), 'A') ||
		setweight(to_tsvector('simple', array_to_string(NEW."categories", ' ') || ' ' || array_to_string(NEW."model_versions", ' ')), 'B') ||
		setweight(to_tsvector('simple', left(coalesce((
			SELECT string_agg(coalesce(m->>'content', '') || ' ' || coalesce(m->>'model_name', ''), ' ')
			FROM jsonb_array_elements(NEW."messages") AS m
		), ''), 500000)), 'C') ||
		setweight(to_tsvector('simple', left(coalesce((
			SELECT string_agg(x #>> '{}', ' ') FROM (
				SELECT jsonb_path_query(NEW."comparison", 'lax $.models[*].modelName') AS x
				UNION ALL SELECT jsonb_path_query(NEW."comparison", 'lax $.turns[*].prompt')
				UNION ALL SELECT jsonb_path_query(NEW."comparison", 'lax $.turns[*].answers[*].content')
			) AS texts
		), ''), 500000)), 'C');
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_document" BEFORE INSERT OR UPDATE OF "description", "categories", "model_versions", "messages", "comparison" ON "posts"
	FOR EACH ROW EXECUTE FUNCTION "posts_search_document"();--> statement-breakpoint
-- 'Most Popular': log10(1 + likes + 2*comments + 3*forks + votes) + age term, where one day newer
-- weighs as much as ten times the engagement. The score of a post does not change with the clock,
-- so it is stored, indexed and paged through like any column.
CREATE FUNCTION "posts_hot_score"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."hot_score" := log(10, 1 + greatest(0, NEW."like_count" + 2 * NEW."comment_count" + 3 * NEW."fork_count" + NEW."vote_count"))
		+ (extract(epoch FROM NEW."created_at") - 1767225600) / 86400;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_hot_score" BEFORE INSERT OR UPDATE OF "like_count", "comment_count", "fork_count", "vote_count", "created_at" ON "posts"
	FOR EACH ROW EXECUTE FUNCTION "posts_hot_score"();--> statement-breakpoint
-- A post published from a clone of another post links back to it, whoever writes the post.
CREATE FUNCTION "posts_fork_origin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."forked_from_post_id" IS NULL AND NEW."source_session_id" IS NOT NULL THEN
		SELECT p."id" INTO NEW."forked_from_post_id"
		FROM "chat_sessions" AS s JOIN "posts" AS p ON p."id" = s."forked_from_post_id"
		WHERE s."id" = NEW."source_session_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_fork_origin" BEFORE INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_fork_origin"();--> statement-breakpoint
-- Counters of forks (conversations cloned from a post) and comparison votes, whoever writes them.
CREATE FUNCTION "posts_count_forks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "posts" SET "fork_count" = "fork_count" + 1 WHERE "id" = NEW."forked_from_post_id";
	ELSE
		UPDATE "posts" SET "fork_count" = greatest(0, "fork_count" - 1) WHERE "id" = OLD."forked_from_post_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_count_forks" AFTER INSERT OR DELETE ON "chat_sessions"
	FOR EACH ROW EXECUTE FUNCTION "posts_count_forks"();--> statement-breakpoint
CREATE FUNCTION "posts_count_votes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "posts" SET "vote_count" = "vote_count" + 1 WHERE "id" = NEW."post_id";
	ELSE
		UPDATE "posts" SET "vote_count" = greatest(0, "vote_count" - 1) WHERE "id" = OLD."post_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_votes_count" AFTER INSERT OR DELETE ON "post_votes"
	FOR EACH ROW EXECUTE FUNCTION "posts_count_votes"();--> statement-breakpoint
-- Existing posts: their fork origin, counters, score and search document.
UPDATE "posts" AS p SET "forked_from_post_id" = s."forked_from_post_id"
FROM "chat_sessions" AS s
WHERE s."id" = p."source_session_id" AND EXISTS (SELECT 1 FROM "posts" AS o WHERE o."id" = s."forked_from_post_id");--> statement-breakpoint
UPDATE "posts" AS p SET
	"fork_count" = (SELECT count(*) FROM "chat_sessions" AS s WHERE s."forked_from_post_id" = p."id"),
	"vote_count" = (SELECT count(*) FROM "post_votes" AS v WHERE v."post_id" = p."id"),
	"description" = p."description";--> statement-breakpoint
-- Existing people get a handle from their nickname (or name, or email), oldest account first;
-- a taken handle gets the first free suffix -2, -3...
DO $$
DECLARE
	u record;
	base text;
	candidate text;
	n integer;
BEGIN
	FOR u IN SELECT "id", "nickname", "name", "email" FROM "users" WHERE "handle" IS NULL ORDER BY "created_at", "id" LOOP
		base := trim(BOTH '-' FROM left(regexp_replace(lower(coalesce(nullif(trim(u."nickname"), ''), nullif(trim(u."name"), ''), split_part(coalesce(u."email", ''), '@', 1))), '[^a-z0-9]+', '-', 'g'), 24));
		IF length(base) < 2 THEN base := 'user'; END IF;
		candidate := base;
		n := 1;
		WHILE EXISTS (SELECT 1 FROM "users" WHERE "handle" = candidate) LOOP
			n := n + 1;
			candidate := base || '-' || n;
		END LOOP;
		UPDATE "users" SET "handle" = candidate WHERE "id" = u."id";
	END LOOP;
END $$;
