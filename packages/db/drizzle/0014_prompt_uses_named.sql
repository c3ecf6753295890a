-- A send names the library prompt and version its message came from once its exchange is stored
-- (an update of the exchange's prompt_id and prompt_version): that counts as a use as a new
-- exchange written with a prompt does, and the conversation's first exchange names the prompt
-- that started it.
CREATE OR REPLACE FUNCTION "chat_entries_prompt_use"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."prompt_id" IS NULL OR (TG_OP = 'INSERT' AND NEW."status" <> 'pending') THEN RETURN NULL; END IF;
	IF NEW."parent_entry_id" IS NULL THEN
		UPDATE "chat_sessions" SET "prompt_id" = NEW."prompt_id", "prompt_version" = NEW."prompt_version"
		WHERE "id" = NEW."session_id" AND ("prompt_id" IS NULL OR (TG_OP = 'UPDATE' AND "prompt_id" = OLD."prompt_id"));
	END IF;
	INSERT INTO "prompt_uses" ("prompt_id", "user_id")
		SELECT x."id", s."user_id"
		FROM "prompts" AS p CROSS JOIN LATERAL (VALUES (p."id"), (p."forked_from_id")) AS x("id")
		JOIN "chat_sessions" AS s ON s."id" = NEW."session_id"
		WHERE p."id" = NEW."prompt_id" AND p."user_id" IS NOT NULL AND x."id" IS NOT NULL
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_entries_prompt_named" AFTER UPDATE OF "prompt_id", "prompt_version" ON "chat_entries"
	FOR EACH ROW WHEN (NEW."prompt_id" IS DISTINCT FROM OLD."prompt_id" OR NEW."prompt_version" IS DISTINCT FROM OLD."prompt_version")
	EXECUTE FUNCTION "chat_entries_prompt_use"();
