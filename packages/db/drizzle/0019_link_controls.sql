CREATE TABLE "public_link_views" (
	"token_hash" text NOT NULL,
	"day" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_link_views_token_hash_day_pk" PRIMARY KEY("token_hash","day")
);
--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "view_cap" integer;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "public_link_views" ADD CONSTRAINT "public_link_views_token_hash_public_links_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."public_links"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_view_cap" CHECK ("public_links"."view_cap" is null or "public_links"."view_cap" > 0);