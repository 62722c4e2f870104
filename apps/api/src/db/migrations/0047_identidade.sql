-- expand: new tables for sign-in through identity providers; nothing existing changes.
-- Sign-in through gov.br and the state's OpenID Connect provider.
-- A provider's subject (gov.br: the CPF; the state: its user id) → the account it signs into.
CREATE TABLE "usuario_identidade" (
	"provedor" varchar(10) NOT NULL,
	"sujeito" varchar(255) NOT NULL,
	"usuario_id" bigint NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("provedor", "sujeito")
);
--> statement-breakpoint
CREATE INDEX "usuario_identidade_usuario_idx" ON "usuario_identidade" ("usuario_id");
--> statement-breakpoint
-- A redirect under way: state → PKCE verifier and nonce, used once, for 10 minutes.
CREATE TABLE "identidade_pedido" (
	"estado" varchar(64) PRIMARY KEY NOT NULL,
	"provedor" varchar(10) NOT NULL,
	"verificador" varchar(128) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- How a session (our token's jti) signed in, and at which gov.br level; no row = a password.
CREATE TABLE "sessao_entrada" (
	"jti" varchar(40) PRIMARY KEY NOT NULL,
	"usuario_id" bigint NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
	"metodo" varchar(10) NOT NULL,
	"nivel" varchar(10),
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessao_entrada_expira_idx" ON "sessao_entrada" ("expira_em");
