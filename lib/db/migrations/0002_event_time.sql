DROP INDEX "webhook_events_conversation";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "occurred_at" text;--> statement-breakpoint
-- Events stored before this column existed take their time from the stored envelope's created_at,
-- written as the receiver writes it (toISOString: UTC, milliseconds). The receiver's rule applies:
-- only a date-time with its zone counts, and an event without a readable one keeps its arrival time.
-- The cast sits in its own block because one unreadable payload must not stop the migration.
DO $$
DECLARE
  stored record;
  happened timestamptz;
BEGIN
  FOR stored IN SELECT "webhook_id", "payload" FROM "webhook_events" LOOP
    BEGIN
      happened := NULL;
      IF (stored."payload"::jsonb ->> 'created_at') ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$' THEN
        happened := (stored."payload"::jsonb ->> 'created_at')::timestamptz;
      END IF;
    EXCEPTION WHEN others THEN
      happened := NULL;
    END;
    UPDATE "webhook_events"
      SET "occurred_at" = to_char(happened AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      WHERE "webhook_id" = stored."webhook_id" AND happened IS NOT NULL;
  END LOOP;
END $$;--> statement-breakpoint
UPDATE "webhook_events" SET "occurred_at" = "received_at" WHERE "occurred_at" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "occurred_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_conversation_time" ON "webhook_events" USING btree ("conversation_id","occurred_at");
