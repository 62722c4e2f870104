CREATE TABLE "ref_cnae" (
	"id" char(7) PRIMARY KEY NOT NULL,
	"descricao" varchar(250) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ref_cnae_digits" CHECK ("ref_cnae"."id" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
CREATE TABLE "ref_crc_categoria" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_crc_classificacao" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_crc_tipo_inscricao" (
	"id" varchar(1) PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_criticidade_irregularidade" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_forma_atuacao" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_motivo_situacao" (
	"id" integer PRIMARY KEY NOT NULL,
	"situacao_id" integer NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_municipio" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"uf" char(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_natureza_juridica" (
	"id" integer PRIMARY KEY NOT NULL,
	"codigo" char(4) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ref_natureza_juridica_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "ref_natureza_juridica_digits" CHECK ("ref_natureza_juridica"."codigo" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "ref_pais" (
	"id" integer PRIMARY KEY NOT NULL,
	"sigla" char(2) NOT NULL,
	"nome" varchar(80) NOT NULL,
	CONSTRAINT "ref_pais_sigla_unique" UNIQUE("sigla")
);
--> statement-breakpoint
CREATE TABLE "ref_porte" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_qualificacao" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_situacao_cadastral" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_situacao_edital" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_situacao_irregularidade" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_status_processamento_csn" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_status_processamento_rds" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_tipo_endereco" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_tipo_logradouro" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_tipo_telefone" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_tipo_unidade" (
	"id" integer PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_uf" (
	"sigla" char(2) PRIMARY KEY NOT NULL,
	"codigo_ibge" smallint NOT NULL,
	"nome" varchar(40) NOT NULL,
	CONSTRAINT "ref_uf_codigo_ibge_unique" UNIQUE("codigo_ibge")
);
--> statement-breakpoint
CREATE TABLE "ref_versao" (
	"id" smallint PRIMARY KEY NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ref_motivo_situacao" ADD CONSTRAINT "ref_motivo_situacao_situacao_id_ref_situacao_cadastral_id_fk" FOREIGN KEY ("situacao_id") REFERENCES "public"."ref_situacao_cadastral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_municipio" ADD CONSTRAINT "ref_municipio_uf_ref_uf_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."ref_uf"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ref_municipio_uf_idx" ON "ref_municipio" USING btree ("uf","nome");