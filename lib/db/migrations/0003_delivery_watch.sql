CREATE TABLE "watched_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"event_type" text,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"next_attempt_at" text,
	"attempts" text NOT NULL,
	"read_at" bigint NOT NULL,
	"inferred" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "watched_deliveries_created" ON "watched_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "watched_deliveries_status" ON "watched_deliveries" USING btree ("status","created_at");