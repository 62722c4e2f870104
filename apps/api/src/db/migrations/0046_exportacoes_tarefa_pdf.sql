-- expand: a new table, tarefa_pdf; no release reads or drops anything it changes.
-- Report PDFs rendered in the background (platform/pdf/tarefas.ts). In the database, not in one
-- process's memory, so whichever replica behind nginx gets a job's next call answers its state and its file.
-- Short-lived: a finished job is deleted once expira_em passes (swept as jobs start and are read).
CREATE TABLE "tarefa_pdf" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" bigint NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
	"arquivo" text NOT NULL,
	"fase" text NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone,
	"linhas" integer,
	"bytes" integer DEFAULT 0 NOT NULL,
	"conteudo" bytea,
	"erro" jsonb
);
--> statement-breakpoint
CREATE INDEX "tarefa_pdf_usuario_idx" ON "tarefa_pdf" USING btree ("usuario_id");
