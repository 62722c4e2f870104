CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "autoridade" (
	"name" varchar(50) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(100) NOT NULL,
	"remote_address" varchar(64) NOT NULL,
	"success" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" varchar(50) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"first_name" varchar(50),
	"last_name" varchar(50),
	"email" varchar(100) NOT NULL,
	"image_url" varchar(256),
	"activated" boolean DEFAULT false NOT NULL,
	"lang_key" varchar(10) DEFAULT 'pt-br' NOT NULL,
	"activation_key" varchar(20),
	"reset_key" varchar(20),
	"reset_date" timestamp with time zone,
	"numero_pessoa" bigint,
	"created_by" varchar(50) NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usuario_login_unique" UNIQUE("login"),
	CONSTRAINT "usuario_email_unique" UNIQUE("email"),
	CONSTRAINT "usuario_login_lower" CHECK ("usuario"."login" = lower("usuario"."login")),
	CONSTRAINT "usuario_email_lower" CHECK ("usuario"."email" = lower("usuario"."email"))
);
--> statement-breakpoint
CREATE TABLE "usuario_autoridade" (
	"usuario_id" bigint NOT NULL,
	"autoridade" varchar(50) NOT NULL,
	CONSTRAINT "usuario_autoridade_usuario_id_autoridade_pk" PRIMARY KEY("usuario_id","autoridade")
);
--> statement-breakpoint
CREATE TABLE "evento_auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"principal" varchar(100) NOT NULL,
	"event_date" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" varchar(60) NOT NULL,
	"entity" varchar(60),
	"entity_id" varchar(60),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "mensagem_correio" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_from" varchar(320),
	"mail_to" varchar(1000) NOT NULL,
	"subject" varchar(500),
	"text_body" text,
	"html_body" text,
	"raw" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuario_autoridade" ADD CONSTRAINT "usuario_autoridade_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_autoridade" ADD CONSTRAINT "usuario_autoridade_autoridade_autoridade_name_fk" FOREIGN KEY ("autoridade") REFERENCES "public"."autoridade"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tentativa_login_login_idx" ON "tentativa_login" USING btree ("login","attempted_at");--> statement-breakpoint
CREATE INDEX "tentativa_login_addr_idx" ON "tentativa_login" USING btree ("remote_address","attempted_at");--> statement-breakpoint
CREATE INDEX "usuario_activation_key_idx" ON "usuario" USING btree ("activation_key");--> statement-breakpoint
CREATE INDEX "usuario_reset_key_idx" ON "usuario" USING btree ("reset_key");--> statement-breakpoint
CREATE INDEX "evento_auditoria_date_idx" ON "evento_auditoria" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "evento_auditoria_principal_idx" ON "evento_auditoria" USING btree ("principal","event_date");--> statement-breakpoint
CREATE INDEX "evento_auditoria_entity_idx" ON "evento_auditoria" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "mensagem_correio_to_idx" ON "mensagem_correio" USING btree ("mail_to","received_at");