CREATE TABLE "handle_holds" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_reports" DROP CONSTRAINT "content_reports_one_item";--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_accounts" ADD COLUMN "verification_code_hash" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "handle_holds" ADD CONSTRAINT "handle_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handle_holds_user_idx" ON "handle_holds" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_session_idx" ON "content_reports" USING btree ("reporter_id","session_id") WHERE "content_reports"."status" = 'open' and "content_reports"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_session_idx" ON "content_reports" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_one_item" CHECK (num_nonnulls("content_reports"."post_id", "content_reports"."comment_id", "content_reports"."session_id") = 1);