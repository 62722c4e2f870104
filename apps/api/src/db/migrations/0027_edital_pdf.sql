-- The public PDF of a published notice, rendered once per notice version (issue 29): anonymous readers
-- get these bytes instead of a render each. One row per notice; a new version replaces it.
CREATE TABLE IF NOT EXISTS "edital_pdf" (
	"edital_id" bigint PRIMARY KEY NOT NULL REFERENCES "edital" ("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"arquivo" bytea NOT NULL,
	"gerado_em" timestamp with time zone DEFAULT now() NOT NULL
);
