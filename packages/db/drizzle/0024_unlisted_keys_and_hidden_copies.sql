CREATE TABLE "prompt_readers" (
	"prompt_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_readers_prompt_id_user_id_pk" PRIMARY KEY("prompt_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "unlisted_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_readers" ADD CONSTRAINT "prompt_readers_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_readers" ADD CONSTRAINT "prompt_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_hidden_text_idx" ON "prompts" USING btree (md5("prompt")) WHERE "prompts"."hidden_at" is not null;--> statement-breakpoint
-- A prompt written, imported or edited into the text of a prompt a moderator hides is a copy of it: hidden too.
CREATE FUNCTION "prompts_copy_of_hidden"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."hidden_at" IS NULL AND NEW."user_id" IS NOT NULL AND EXISTS (
		SELECT 1 FROM "prompts" h
		WHERE h."hidden_at" IS NOT NULL AND md5(h."prompt") = md5(NEW."prompt") AND h."prompt" = NEW."prompt" AND h."id" IS DISTINCT FROM NEW."id"
	) THEN
		NEW."hidden_at" := now();
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompts_copy_of_hidden" BEFORE INSERT OR UPDATE OF "prompt" ON "prompts"
	FOR EACH ROW EXECUTE FUNCTION "prompts_copy_of_hidden"();--> statement-breakpoint
-- Unlisted prompts are now reached by their key: those who already liked, commented on, used or
-- saved one keep it.
INSERT INTO "prompt_readers" ("prompt_id", "user_id")
SELECT p."id", r."user_id"
FROM "prompts" p
JOIN (
	SELECT "prompt_id", "user_id" FROM "prompt_likes"
	UNION SELECT "prompt_id", "user_id" FROM "prompt_comments"
	UNION SELECT "prompt_id", "user_id" FROM "prompt_uses"
	UNION SELECT "forked_from_id", "user_id" FROM "prompts" WHERE "forked_from_id" IS NOT NULL AND "user_id" IS NOT NULL
) r ON r."prompt_id" = p."id"
WHERE p."visibility" = 'unlisted' AND p."user_id" IS DISTINCT FROM r."user_id"
ON CONFLICT DO NOTHING;
