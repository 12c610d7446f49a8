CREATE TABLE "purged_conversations" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"robot_id" text,
	"purged_at" text NOT NULL,
	"horizon" text NOT NULL
);
