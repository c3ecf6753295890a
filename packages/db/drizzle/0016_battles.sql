CREATE TABLE "battle_pairs" (
	"model_a" text NOT NULL,
	"model_b" text NOT NULL,
	"battles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "battle_pairs_model_a_model_b_pk" PRIMARY KEY("model_a","model_b"),
	CONSTRAINT "battle_pairs_order_check" CHECK ("battle_pairs"."model_a" < "battle_pairs"."model_b")
);
--> statement-breakpoint
CREATE TABLE "battle_verdicts" (
	"session_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"shown" text[] NOT NULL,
	"choice" text NOT NULL,
	"counted" boolean NOT NULL,
	"lengths" integer[] NOT NULL,
	"markdown" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_verdicts_choice_check" CHECK ("battle_verdicts"."choice" in ('a', 'b', 'tie', 'both_bad'))
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "battle" text;--> statement-breakpoint
ALTER TABLE "battle_verdicts" ADD CONSTRAINT "battle_verdicts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_verdicts" ADD CONSTRAINT "battle_verdicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_verdicts_created_idx" ON "battle_verdicts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_battle_check" CHECK ("chat_sessions"."battle" in ('blind', 'decided'));