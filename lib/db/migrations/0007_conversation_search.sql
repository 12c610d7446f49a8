ALTER TABLE "webhook_events" ADD COLUMN "message_text" text;--> statement-breakpoint
-- Message events stored before this column existed take their text from the stored envelope, as the
-- receiver reads it (data.message.text, else data.text). Each cast sits in its own block because
-- one unreadable payload (a hand-edited row) must not stop the migration.
DO $$
DECLARE
  stored record;
BEGIN
  FOR stored IN SELECT "webhook_id", "payload" FROM "webhook_events" WHERE "type" IN ('message.received', 'message.sent') LOOP
    BEGIN
      UPDATE "webhook_events"
        SET "message_text" = coalesce(stored."payload"::jsonb #>> '{data,message,text}', stored."payload"::jsonb #>> '{data,text}')
        WHERE "webhook_id" = stored."webhook_id";
    EXCEPTION WHEN others THEN
      NULL;
    END;
  END LOOP;
END $$;
