ALTER TABLE "audit_log" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "aggregate_key" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "last_at" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_aggregate_key_unique" UNIQUE("aggregate_key");