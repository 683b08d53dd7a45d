CREATE TABLE "usage_environment_hours" (
	"organization_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"net_change" integer NOT NULL,
	"peak_rise" integer NOT NULL,
	CONSTRAINT "usage_environment_hours_organization_id_hour_pk" PRIMARY KEY("organization_id","hour")
);
--> statement-breakpoint
CREATE TABLE "usage_environment_minutes" (
	"organization_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"net_change" integer NOT NULL,
	"peak_rise" integer NOT NULL,
	CONSTRAINT "usage_environment_minutes_organization_id_minute_pk" PRIMARY KEY("organization_id","minute")
);
