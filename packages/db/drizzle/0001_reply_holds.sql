CREATE TABLE "allowance_holds" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tokens" integer NOT NULL,
	"free" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowance_holds" ADD CONSTRAINT "allowance_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowance_holds_created_idx" ON "allowance_holds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_entries_pending_idx" ON "chat_entries" USING btree ("created_at") WHERE status = 'pending';