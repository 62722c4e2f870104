CREATE TABLE "token_revogado" (
	"jti" varchar(40) PRIMARY KEY NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "token_revogado_expira_idx" ON "token_revogado" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "usuario_nao_ativado_idx" ON "usuario" USING btree ("created_date") WHERE not "usuario"."activated";