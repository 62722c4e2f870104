CREATE TABLE "leitura_pessoa" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(100) NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"tela" varchar(40) NOT NULL,
	"data_leitura" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulador_estado" (
	"sistema" varchar(20) PRIMARY KEY NOT NULL,
	"disponivel" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "uf" char(2);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "municipio_id" integer;--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "tipo_logradouro_id" integer;--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "logradouro" varchar(150);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "numero" varchar(10);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "complemento" varchar(100);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "bairro" varchar(80);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "cep" char(8);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "ddd" varchar(4);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "telefone" varchar(14);--> statement-breakpoint
ALTER TABLE "receita_cnpj" ADD COLUMN "email" varchar(100);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "uf" char(2);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "municipio_id" integer;--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "tipo_logradouro_id" integer;--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "logradouro" varchar(150);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "numero" varchar(10);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "complemento" varchar(100);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "bairro" varchar(80);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "cep" char(8);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "ddd" varchar(4);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "telefone" varchar(14);--> statement-breakpoint
ALTER TABLE "receita_cpf" ADD COLUMN "email" varchar(100);--> statement-breakpoint
CREATE INDEX "leitura_pessoa_cpf_idx" ON "leitura_pessoa" USING btree ("cpf","data_leitura");--> statement-breakpoint
CREATE INDEX "leitura_pessoa_login_idx" ON "leitura_pessoa" USING btree ("login","data_leitura");