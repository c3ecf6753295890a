ALTER TABLE "post_votes" ADD COLUMN "shown_order" smallint[];--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "shuffle_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "post_votes_user_created_idx" ON "post_votes" USING btree ("user_id","created_at");