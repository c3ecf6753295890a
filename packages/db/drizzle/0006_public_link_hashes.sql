-- Public-link tokens are no longer kept in plain text: a link is found by the SHA-256 of its
-- token (hex, as Node's createHash("sha256").update(token).digest("hex")). Links made before
-- keep working; their token moves to "legacy_token" until the server's next start seals it
-- under ENCRYPTION_KEY into "sealed_token" (a key the database does not hold) and clears it.
ALTER TABLE "public_links" DROP CONSTRAINT "public_links_pkey";--> statement-breakpoint
ALTER TABLE "public_links" RENAME COLUMN "token" TO "legacy_token";--> statement-breakpoint
ALTER TABLE "public_links" ALTER COLUMN "legacy_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "sealed_token" text;--> statement-breakpoint
UPDATE "public_links" SET "token_hash" = encode(sha256(convert_to("legacy_token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "public_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "public_links" ADD PRIMARY KEY ("token_hash");
