CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowance_holds" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
CREATE INDEX "allowance_holds_instance_idx" ON "allowance_holds" USING btree ("instance_id");