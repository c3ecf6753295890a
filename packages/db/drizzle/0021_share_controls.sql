ALTER TABLE "public_links" DROP CONSTRAINT "public_links_one_target";--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "share_session_id" bigint;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_share_session_id_chat_sessions_id_fk" FOREIGN KEY ("share_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_shareSessionId_unique" UNIQUE("share_session_id");--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_one_target" CHECK (num_nonnulls("public_links"."post_id", "public_links"."session_id", "public_links"."prompt_id", "public_links"."share_session_id") = 1);