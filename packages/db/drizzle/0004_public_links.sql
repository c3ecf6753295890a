CREATE TABLE "public_links" (
	"token" text PRIMARY KEY NOT NULL,
	"post_id" integer,
	"session_id" bigint,
	"listed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_postId_unique" UNIQUE("post_id"),
	CONSTRAINT "public_links_sessionId_unique" UNIQUE("session_id"),
	CONSTRAINT "public_links_one_target" CHECK (("public_links"."post_id" is null) <> ("public_links"."session_id" is null))
);
--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;