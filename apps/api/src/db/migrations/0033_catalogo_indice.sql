-- The index and constraint set the migrations define, as it stood right after they ran (db/indices.ts):
-- every start compares the live catalogue with it and rebuilds what is missing. `suspenso`: dropped by a
-- large seed until it rebuilds it (written in the same transaction as the DROP), so an interrupted seed
-- is undone by the next start or seed even before the migrations run.
CREATE TABLE "catalogo_indice" (
	"nome" text PRIMARY KEY NOT NULL,
	"tabela" text NOT NULL,
	"definicao" text NOT NULL,
	"restricao" text,
	"definicao_restricao" text,
	"suspenso" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
-- Which migrations (and server version) the snapshot above reflects: another value retakes it.
CREATE TABLE "catalogo_indice_estado" (
	"assinatura" text PRIMARY KEY NOT NULL
);
