CREATE TABLE "assignment_progress" (
	"organization_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"recorded" integer NOT NULL,
	"passed" integer NOT NULL,
	"unmarked" integer NOT NULL,
	CONSTRAINT "assignment_progress_organization_id_test_case_id_pk" PRIMARY KEY("organization_id","test_case_id")
);
