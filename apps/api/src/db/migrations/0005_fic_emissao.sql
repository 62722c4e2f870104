CREATE TABLE "fic_emissao" (
	"codigo" char(12) PRIMARY KEY NOT NULL,
	"contribuinte_id" bigint NOT NULL,
	"numero_caceal" integer NOT NULL,
	"emitida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_por" varchar(50),
	"conteudo" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fic_emissao" ADD CONSTRAINT "fic_emissao_contribuinte_id_contribuinte_id_fk" FOREIGN KEY ("contribuinte_id") REFERENCES "public"."contribuinte"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fic_emissao_caceal_idx" ON "fic_emissao" USING btree ("numero_caceal","emitida_em");