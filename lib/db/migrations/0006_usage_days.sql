CREATE TABLE "usage_days" (
	"day" text NOT NULL,
	"robot_id" text NOT NULL,
	"client" integer NOT NULL,
	"ai" integer NOT NULL,
	"operator" integer NOT NULL,
	"messages" integer NOT NULL,
	"units" integer NOT NULL,
	"conversations" integer NOT NULL,
	CONSTRAINT "usage_days_day_robot_id_pk" PRIMARY KEY("day","robot_id")
);
--> statement-breakpoint
CREATE TABLE "usage_days_read" (
	"day" text PRIMARY KEY NOT NULL,
	"robots" integer NOT NULL,
	"calls" integer NOT NULL,
	"read_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"monthly_units" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_days_robot" ON "usage_days" USING btree ("robot_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_thresholds_scope" ON "usage_thresholds" USING btree ("scope","scope_id");