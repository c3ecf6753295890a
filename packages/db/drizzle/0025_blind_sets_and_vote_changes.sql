CREATE TABLE "vote_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "blind_root_id" integer;--> statement-breakpoint
CREATE INDEX "vote_changes_xid_idx" ON "vote_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "vote_changes_changed_idx" ON "vote_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "posts_blind_root_idx" ON "posts" USING btree ("blind_root_id") WHERE "posts"."blind_root_id" is not null;--> statement-breakpoint
CREATE INDEX "battle_verdicts_user_created_idx" ON "battle_verdicts" USING btree ("user_id","created_at");--> statement-breakpoint
-- A comparison post's blind set is its fork tree: a comparison published from a clone of an older
-- comparison joins that one's set (a fork keeps its origin's models, in the same order). Each post
-- stores the first post of its set, so whoever reads a set finds its posts by one index, instead
-- of walking the forks. Kept when the origin is deleted ("set null"): the forks still share its models.
CREATE FUNCTION "posts_set_blind_root"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."comparison" IS NULL THEN
		NEW."blind_root_id" := NULL;
	ELSIF TG_OP = 'INSERT' OR OLD."blind_root_id" IS NULL OR NEW."forked_from_post_id" IS NOT NULL THEN
		NEW."blind_root_id" := coalesce(
			(SELECT o."blind_root_id" FROM "posts" AS o WHERE o."id" = NEW."forked_from_post_id" AND o."id" < NEW."id"),
			NEW."id");
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- After posts_fork_origin (BEFORE triggers fire in name order), which finds the origin.
CREATE TRIGGER "posts_set_blind_root" BEFORE INSERT OR UPDATE OF "comparison", "forked_from_post_id" ON "posts"
	FOR EACH ROW EXECUTE FUNCTION "posts_set_blind_root"();--> statement-breakpoint
WITH RECURSIVE "sets"("post_id", "root_id") AS (
	SELECT r."id", r."id" FROM "posts" AS r
	WHERE r."comparison" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "posts" AS o WHERE o."id" = r."forked_from_post_id" AND o."comparison" IS NOT NULL AND o."id" < r."id")
	UNION ALL
	SELECT p."id", s."root_id" FROM "posts" AS p JOIN "sets" AS s ON p."forked_from_post_id" = s."post_id" AND p."id" > s."post_id"
	WHERE p."comparison" IS NOT NULL
)
UPDATE "posts" AS p SET "blind_root_id" = s."root_id" FROM "sets" AS s WHERE p."id" = s."post_id";
--> statement-breakpoint
-- Whose standings on the board may have changed: the voter of a post vote or battle verdict written
-- or deleted, the author of a comparison post published or deleted, an account whose age is changed
-- (the wait before a new account's votes count; the leaderboard's gathering).
CREATE FUNCTION "vote_changes_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		INSERT INTO "vote_changes" ("user_id") VALUES (NEW."id");
	ELSIF TG_TABLE_NAME = 'posts' THEN
		IF TG_OP = 'DELETE' AND OLD."comparison" IS NOT NULL THEN
			INSERT INTO "vote_changes" ("user_id") VALUES (OLD."user_id");
		ELSIF TG_OP = 'INSERT' AND NEW."comparison" IS NOT NULL THEN
			INSERT INTO "vote_changes" ("user_id") VALUES (NEW."user_id");
		END IF;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "vote_changes" ("user_id") VALUES (OLD."user_id");
	ELSE
		INSERT INTO "vote_changes" ("user_id") VALUES (NEW."user_id");
		IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
			INSERT INTO "vote_changes" ("user_id") VALUES (OLD."user_id");
		END IF;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_votes_note_change" AFTER INSERT OR UPDATE OR DELETE ON "post_votes" FOR EACH ROW EXECUTE FUNCTION "vote_changes_note"();--> statement-breakpoint
CREATE TRIGGER "battle_verdicts_note_change" AFTER INSERT OR UPDATE OR DELETE ON "battle_verdicts" FOR EACH ROW EXECUTE FUNCTION "vote_changes_note"();--> statement-breakpoint
CREATE TRIGGER "posts_note_vote_change" AFTER INSERT OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "vote_changes_note"();--> statement-breakpoint
CREATE TRIGGER "users_note_vote_change" AFTER UPDATE OF "created_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "vote_changes_note"();
