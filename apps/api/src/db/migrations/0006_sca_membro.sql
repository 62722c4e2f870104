CREATE TABLE "sca_membro" (
	"grupo" varchar(40) NOT NULL,
	"numero_pessoa" bigint NOT NULL,
	"login" varchar(50),
	CONSTRAINT "sca_membro_grupo_numero_pessoa_pk" PRIMARY KEY("grupo","numero_pessoa")
);
--> statement-breakpoint
ALTER TABLE "sca_membro" ADD CONSTRAINT "sca_membro_numero_pessoa_pessoa_numero_pessoa_fk" FOREIGN KEY ("numero_pessoa") REFERENCES "public"."pessoa"("numero_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sca_membro_login_idx" ON "sca_membro" USING btree ("login");