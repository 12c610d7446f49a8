CREATE TABLE "api_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"purpose" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"error_code" text,
	"request_id" text,
	"detail" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "channel_snapshots" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"robot_id" text NOT NULL,
	"type" text,
	"username" text,
	"status" text,
	"is_active" boolean,
	"connected_at" text,
	"observed_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handshakes" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"robot_id" text NOT NULL,
	"authorisation_url" text NOT NULL,
	"expires_at" text,
	"started_at" text NOT NULL,
	"started_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "robot_directory" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"external_id" text,
	"created_at" text,
	"position" integer NOT NULL,
	"channels" text NOT NULL,
	"read_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_directory_channels" (
	"channel_id" text NOT NULL,
	"robot_id" text NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean,
	CONSTRAINT "robot_directory_channels_robot_id_channel_id_pk" PRIMARY KEY("robot_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_snapshot_rows" (
	"snapshot_id" integer NOT NULL,
	"position" integer NOT NULL,
	"robot_id" text NOT NULL,
	"entry" text NOT NULL,
	"messages" integer NOT NULL,
	"units" double precision NOT NULL,
	"conversations" integer NOT NULL,
	CONSTRAINT "usage_snapshot_rows_snapshot_id_robot_id_pk" PRIMARY KEY("snapshot_id","robot_id")
);
--> statement-breakpoint
CREATE TABLE "usage_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"from_at" text NOT NULL,
	"to_at" text NOT NULL,
	"started_at" text NOT NULL,
	"finished_at" text,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"pages_total" integer,
	"processed_at" text,
	"cache_hit" boolean,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"sessions_valid_after" bigint,
	"disabled_at" text,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"event_id" text,
	"type" text NOT NULL,
	"robot_id" text,
	"external_id" text,
	"conversation_id" text,
	"is_test" boolean NOT NULL,
	"payload" text NOT NULL,
	"received_at" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_calls_at" ON "api_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor","at");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "channel_snapshots_robot" ON "channel_snapshots" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "handshakes_robot" ON "handshakes" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "invitations_email" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "robot_directory_name" ON "robot_directory" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "robot_directory_external" ON "robot_directory" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "robot_directory_position" ON "robot_directory" USING btree ("position");--> statement-breakpoint
CREATE INDEX "robot_directory_channels_type" ON "robot_directory_channels" USING btree ("type","is_active");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key" ON "sign_in_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "usage_snapshot_rows_position" ON "usage_snapshot_rows" USING btree ("snapshot_id","position");--> statement-breakpoint
CREATE INDEX "usage_snapshots_key" ON "usage_snapshots" USING btree ("key","id");--> statement-breakpoint
CREATE INDEX "webhook_events_received" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "webhook_events_conversation" ON "webhook_events" USING btree ("conversation_id");