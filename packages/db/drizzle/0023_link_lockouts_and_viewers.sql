CREATE TABLE "public_link_viewers" (
	"token_hash" text NOT NULL,
	"day" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "public_link_viewers_token_hash_day_viewer_pk" PRIMARY KEY("token_hash","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "wrong_passwords" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "wrong_passwords_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_link_viewers" ADD CONSTRAINT "public_link_viewers_token_hash_public_links_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."public_links"("token_hash") ON DELETE cascade ON UPDATE no action;