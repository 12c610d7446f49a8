CREATE TABLE "alert_destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"shown" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"failing_since" bigint,
	"last_error" text,
	"last_sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "alert_mutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"robot_id" text,
	"starts_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"occasion" text NOT NULL,
	"payload" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" bigint NOT NULL,
	"claimed_until" bigint,
	"last_error" text,
	"sent_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"at" bigint NOT NULL,
	"what" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"opened_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"resolved_at" bigint,
	"acknowledged_by" text,
	"acknowledged_at" bigint,
	"facts" text NOT NULL,
	"digest" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_sends_once" ON "alert_sends" USING btree ("incident_id","destination_id","occasion");--> statement-breakpoint
CREATE INDEX "alert_sends_due" ON "alert_sends" USING btree ("state","next_at");--> statement-breakpoint
CREATE INDEX "incident_events_incident" ON "incident_events" USING btree ("incident_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_live_key" ON "incidents" USING btree ("key") WHERE "incidents"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "incidents_opened" ON "incidents" USING btree ("opened_at");