CREATE TABLE "prompt_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompt_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prompt_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_likes" (
	"prompt_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_likes_prompt_id_user_id_pk" PRIMARY KEY("prompt_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prompt_uses" (
	"prompt_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_uses_prompt_id_user_id_pk" PRIMARY KEY("prompt_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prompt_versions" (
	"prompt_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_versions_prompt_id_version_pk" PRIMARY KEY("prompt_id","version")
);
--> statement-breakpoint
ALTER TABLE "public_links" DROP CONSTRAINT "public_links_one_target";--> statement-breakpoint
ALTER TABLE "content_reports" DROP CONSTRAINT "content_reports_one_item";--> statement-breakpoint
ALTER TABLE "chat_entries" ADD COLUMN "prompt_version" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "prompt_version" integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "category" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "forked_from_id" integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "save_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "trend_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "prompt_version" integer;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "prompt_comments" ADD CONSTRAINT "prompt_comments_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_comments" ADD CONSTRAINT "prompt_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_likes" ADD CONSTRAINT "prompt_likes_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_likes" ADD CONSTRAINT "prompt_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_uses" ADD CONSTRAINT "prompt_uses_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_uses" ADD CONSTRAINT "prompt_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_comments_prompt_created_idx" ON "prompt_comments" USING btree ("prompt_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prompt_likes_user_idx" ON "prompt_likes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_forked_from_id_prompts_id_fk" FOREIGN KEY ("forked_from_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_user_updated_idx" ON "prompts" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompts_trending_idx" ON "prompts" USING btree ("trend_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "prompts"."visibility" = 'public' and "prompts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "prompts_newest_idx" ON "prompts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "prompts"."visibility" = 'public' and "prompts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "prompts_category_trending_idx" ON "prompts" USING btree ("category","trend_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "prompts"."visibility" = 'public' and "prompts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "prompts_category_newest_idx" ON "prompts" USING btree ("category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "prompts"."visibility" = 'public' and "prompts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "prompts_search_idx" ON "prompts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "prompts_forked_from_idx" ON "prompts" USING btree ("forked_from_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_user_forked_from_idx" ON "prompts" USING btree ("user_id","forked_from_id") WHERE "prompts"."forked_from_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_prompt_idx" ON "posts" USING btree ("prompt_id") WHERE "posts"."prompt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_prompt_idx" ON "content_reports" USING btree ("reporter_id","prompt_id") WHERE "content_reports"."status" = 'open' and "content_reports"."prompt_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_prompt_idx" ON "content_reports" USING btree ("prompt_id");--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_promptId_unique" UNIQUE("prompt_id");--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_visibility" CHECK ("prompts"."visibility" in ('private', 'unlisted', 'public'));--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_one_target" CHECK (num_nonnulls("public_links"."post_id", "public_links"."session_id", "public_links"."prompt_id") = 1);--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_one_item" CHECK (num_nonnulls("content_reports"."post_id", "content_reports"."comment_id", "content_reports"."session_id", "content_reports"."prompt_id") = 1);--> statement-breakpoint
-- A prompt's search document, as a post's: its name (weight A), description and category (B) and
-- text (C), in the 'simple' configuration (prompts are in any language and full of code).
CREATE FUNCTION "prompts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_vector" :=
		setweight(to_tsvector('simple', coalesce(NEW."name", '')), 'A') ||
		setweight(to_tsvector('simple', coalesce(NEW."description", '') || ' ' || coalesce(NEW."category", '')), 'B') ||
		setweight(to_tsvector('simple', left(coalesce(NEW."prompt", ''), 100000)), 'C');
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_search_document" BEFORE INSERT OR UPDATE OF "name", "description", "category", "prompt" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_search_document"();--> statement-breakpoint
-- 'Trending' (docs/prompts.md): every event of a prompt weighs w * 2^((t - 2026-01-01) / 3 days),
-- with w = 3 for a person's first use, 2 for a save, 1 for a like and 1 for its publication; the
-- score is log2 of the sum. An event's weight halves every three days against a newer one, and
-- since every score grows alike with the clock, the order never needs recomputing: the score is
-- stored, indexed and paged through like any column. Computed from the largest exponent down, so
-- no power overflows.
CREATE FUNCTION "prompts_trend_score"(pid integer, born timestamp with time zone) RETURNS double precision LANGUAGE sql STABLE AS $$
	WITH ev(w, x) AS (
		SELECT 1::float8, (extract(epoch FROM born)::float8 - 1767225600) / 259200
		UNION ALL SELECT 1, (extract(epoch FROM l."created_at")::float8 - 1767225600) / 259200 FROM "prompt_likes" AS l WHERE l."prompt_id" = pid
		UNION ALL SELECT 2, (extract(epoch FROM c."created_at")::float8 - 1767225600) / 259200 FROM "prompts" AS c WHERE c."forked_from_id" = pid
		UNION ALL SELECT 3, (extract(epoch FROM u."created_at")::float8 - 1767225600) / 259200 FROM "prompt_uses" AS u WHERE u."prompt_id" = pid
	), top AS (SELECT max(x) AS m FROM ev)
	SELECT top.m + ln(sum(ev.w * power(2::float8, greatest(ev.x - top.m, -1000)))) / ln(2::float8) FROM ev, top GROUP BY top.m
$$;--> statement-breakpoint
-- A prompt's counters and score, counted again from their rows. The row is locked first, so the
-- counts are read after every other writer of the same prompt has committed: exact however many
-- people like, save or use it at once. (FOR NO KEY UPDATE: the new rows' foreign keys hold the
-- prompt FOR KEY SHARE, which that lock leaves alone; FOR UPDATE would deadlock them.)
CREATE FUNCTION "prompts_refresh"(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF pid IS NULL THEN RETURN; END IF;
	PERFORM 1 FROM "prompts" WHERE "id" = pid FOR NO KEY UPDATE;
	UPDATE "prompts" AS p SET
		"like_count" = (SELECT count(*) FROM "prompt_likes" AS l WHERE l."prompt_id" = pid),
		"save_count" = (SELECT count(*) FROM "prompts" AS c WHERE c."forked_from_id" = pid),
		"use_count" = (SELECT count(*) FROM "prompt_uses" AS u WHERE u."prompt_id" = pid),
		"comment_count" = (SELECT count(*) FROM "prompt_comments" AS m WHERE m."prompt_id" = pid AND m."hidden_at" IS NULL),
		"trend_score" = "prompts_trend_score"(pid, coalesce(p."published_at", p."created_at"))
	WHERE p."id" = pid;
END $$;--> statement-breakpoint
CREATE FUNCTION "prompts_refresh_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "prompts_refresh"(OLD."prompt_id"); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."prompt_id" IS DISTINCT FROM OLD."prompt_id") THEN PERFORM "prompts_refresh"(NEW."prompt_id"); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompt_likes_refresh" AFTER INSERT OR DELETE ON "prompt_likes" FOR EACH ROW EXECUTE FUNCTION "prompts_refresh_of_row"();--> statement-breakpoint
CREATE TRIGGER "prompt_uses_refresh" AFTER INSERT OR DELETE ON "prompt_uses" FOR EACH ROW EXECUTE FUNCTION "prompts_refresh_of_row"();--> statement-breakpoint
CREATE TRIGGER "prompt_comments_refresh" AFTER INSERT OR DELETE OR UPDATE OF "hidden_at" ON "prompt_comments" FOR EACH ROW EXECUTE FUNCTION "prompts_refresh_of_row"();--> statement-breakpoint
-- A saved copy moves the saves of the prompt it was saved from.
CREATE FUNCTION "prompts_refresh_original"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "prompts_refresh"(OLD."forked_from_id"); END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."forked_from_id" IS DISTINCT FROM OLD."forked_from_id") THEN PERFORM "prompts_refresh"(NEW."forked_from_id"); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_refresh_original" AFTER INSERT OR DELETE OR UPDATE OF "forked_from_id" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_refresh_original"();--> statement-breakpoint
-- Publishing counts from then on: the publication's weight moves to its time.
CREATE FUNCTION "prompts_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."trend_score" := "prompts_trend_score"(NEW."id", coalesce(NEW."published_at", NEW."created_at"));
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_published" BEFORE INSERT OR UPDATE OF "published_at" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_published"();--> statement-breakpoint
-- A send with a prompt: the conversation's first exchange names the prompt that started it, and
-- the sender counts once among the prompt's users (and among those of the prompt it was saved
-- from). Copied exchanges (clones, imports) are written complete and count nothing.
CREATE FUNCTION "chat_entries_prompt_use"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."prompt_id" IS NULL OR NEW."status" <> 'pending' THEN RETURN NULL; END IF;
	IF NEW."parent_entry_id" IS NULL THEN
		UPDATE "chat_sessions" SET "prompt_id" = NEW."prompt_id", "prompt_version" = NEW."prompt_version"
		WHERE "id" = NEW."session_id" AND "prompt_id" IS NULL;
	END IF;
	INSERT INTO "prompt_uses" ("prompt_id", "user_id")
		SELECT x."id", s."user_id"
		FROM "prompts" AS p CROSS JOIN LATERAL (VALUES (p."id"), (p."forked_from_id")) AS x("id")
		JOIN "chat_sessions" AS s ON s."id" = NEW."session_id"
		WHERE p."id" = NEW."prompt_id" AND p."user_id" IS NOT NULL AND x."id" IS NOT NULL
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_entries_prompt_use" AFTER INSERT ON "chat_entries" FOR EACH ROW EXECUTE FUNCTION "chat_entries_prompt_use"();--> statement-breakpoint
-- A conversation cloned from another or from a post keeps the prompt that started it.
CREATE FUNCTION "chat_sessions_prompt_origin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."prompt_id" IS NULL AND NEW."forked_from_session_id" IS NOT NULL THEN
		SELECT s."prompt_id", s."prompt_version" INTO NEW."prompt_id", NEW."prompt_version" FROM "chat_sessions" AS s WHERE s."id" = NEW."forked_from_session_id";
	END IF;
	IF NEW."prompt_id" IS NULL AND NEW."forked_from_post_id" IS NOT NULL THEN
		SELECT p."prompt_id", p."prompt_version" INTO NEW."prompt_id", NEW."prompt_version" FROM "posts" AS p WHERE p."id" = NEW."forked_from_post_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_prompt_origin" BEFORE INSERT ON "chat_sessions" FOR EACH ROW EXECUTE FUNCTION "chat_sessions_prompt_origin"();--> statement-breakpoint
-- A post keeps the prompt its conversation started from: the prompt page's 'Answers'.
CREATE FUNCTION "posts_prompt_origin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."prompt_id" IS NULL AND NEW."source_session_id" IS NOT NULL THEN
		SELECT s."prompt_id", s."prompt_version" INTO NEW."prompt_id", NEW."prompt_version" FROM "chat_sessions" AS s WHERE s."id" = NEW."source_session_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_prompt_origin" BEFORE INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_prompt_origin"();--> statement-breakpoint
-- Versions: a prompt is written as version 1, and every change of its name or text (an edit, a
-- restore) makes the next version; prompt_versions keeps them all, the current one included.
CREATE FUNCTION "prompts_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."name" IS DISTINCT FROM OLD."name" OR NEW."prompt" IS DISTINCT FROM OLD."prompt" THEN
		NEW."version" := OLD."version" + 1;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_next_version" BEFORE UPDATE OF "name", "prompt" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_next_version"();--> statement-breakpoint
CREATE FUNCTION "prompts_keep_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR NEW."version" <> OLD."version" THEN
		INSERT INTO "prompt_versions" ("prompt_id", "version", "name", "prompt") VALUES (NEW."id", NEW."version", NEW."name", NEW."prompt")
		ON CONFLICT ("prompt_id", "version") DO UPDATE SET "name" = EXCLUDED."name", "prompt" = EXCLUDED."prompt", "created_at" = EXCLUDED."created_at";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_keep_version" AFTER INSERT OR UPDATE OF "name", "prompt" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_keep_version"();--> statement-breakpoint
-- Existing prompts: their first version, search document and score.
INSERT INTO "prompt_versions" ("prompt_id", "version", "name", "prompt", "created_at")
	SELECT "id", 1, "name", "prompt", "created_at" FROM "prompts";--> statement-breakpoint
UPDATE "prompts" SET "name" = "name", "published_at" = NULL;
