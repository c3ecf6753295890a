CREATE TABLE "post_votes" (
	"post_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"column" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_votes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_entries" ADD COLUMN "parent_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_entries" ADD COLUMN "compare_column" smallint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "active_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "shared_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "compare_models" text[];--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comparison" jsonb;--> statement-breakpoint
ALTER TABLE "post_votes" ADD CONSTRAINT "post_votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_votes" ADD CONSTRAINT "post_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_votes_post_idx" ON "post_votes" USING btree ("post_id","column");--> statement-breakpoint
CREATE INDEX "chat_entries_parent_idx" ON "chat_entries" USING btree ("session_id","parent_entry_id");--> statement-breakpoint
-- Conversations stored before branches existed become single branches: each exchange's parent is
-- the one before it, and the session is on its latest exchange (and shares it, when shared).
UPDATE "chat_entries" AS e SET "parent_entry_id" = ordered."previous_id"
FROM (
	SELECT "id", lag("id") OVER (PARTITION BY "session_id" ORDER BY "created_at", "id") AS "previous_id"
	FROM "chat_entries"
) AS ordered
WHERE ordered."id" = e."id" AND ordered."previous_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" AS s SET "active_entry_id" = (
	SELECT e."id" FROM "chat_entries" AS e WHERE e."session_id" = s."id" ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "chat_sessions" SET "shared_entry_id" = "active_entry_id" WHERE "shared_at" IS NOT NULL;
