CREATE TABLE "channels_went_off" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"robot_id" text NOT NULL,
	"type" text NOT NULL,
	"noticed_at" text NOT NULL,
	"cause" text NOT NULL,
	"confirmed_at" text
);
--> statement-breakpoint
CREATE TABLE "receiver_refusals" (
	"hour" bigint NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "receiver_refusals_hour_reason_source_pk" PRIMARY KEY("hour","reason","source")
);
--> statement-breakpoint
CREATE INDEX "channels_went_off_cause" ON "channels_went_off" USING btree ("cause","robot_id");--> statement-breakpoint
CREATE INDEX "webhook_events_occurred" ON "webhook_events" USING btree ("occurred_at");