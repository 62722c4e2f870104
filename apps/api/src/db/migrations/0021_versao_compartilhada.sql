-- Issue 29: what a person's registrations share (phones, addresses; the company's QSA and responsible on
-- the head office's person) gets versions of its own, so a save from one registration's stale screen
-- cannot delete what another registration wrote meanwhile. A row only once the part is first written.
CREATE TABLE "versao_compartilhada" (
	"numero_pessoa" bigint NOT NULL,
	"parte" varchar(20) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"numero_caceal" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "versao_compartilhada_numero_pessoa_parte_pk" PRIMARY KEY("numero_pessoa","parte"),
	CONSTRAINT "versao_compartilhada_parte" CHECK ("versao_compartilhada"."parte" in ('telefones', 'enderecos', 'socios', 'responsavel'))
);
--> statement-breakpoint
ALTER TABLE "versao_compartilhada" ADD CONSTRAINT "versao_compartilhada_numero_pessoa_pessoa_numero_pessoa_fk" FOREIGN KEY ("numero_pessoa") REFERENCES "public"."pessoa"("numero_pessoa") ON DELETE cascade ON UPDATE no action;
