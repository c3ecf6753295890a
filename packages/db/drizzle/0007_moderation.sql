CREATE TABLE "content_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer,
	"comment_id" integer,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "content_reports_one_item" CHECK (("content_reports"."post_id" is null) <> ("content_reports"."comment_id" is null)),
	CONSTRAINT "content_reports_reason" CHECK ("content_reports"."reason" in ('spam', 'harassment', 'illegal', 'other')),
	CONSTRAINT "content_reports_status" CHECK ("content_reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_post_idx" ON "content_reports" USING btree ("reporter_id","post_id") WHERE "content_reports"."status" = 'open' and "content_reports"."post_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_comment_idx" ON "content_reports" USING btree ("reporter_id","comment_id") WHERE "content_reports"."status" = 'open' and "content_reports"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_post_idx" ON "content_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "content_reports_comment_idx" ON "content_reports" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "usage_ledger_created_idx" ON "usage_ledger" USING btree ("created_at");