-- expand: new tables for the second factor; nothing existing changes.
-- A second factor (TOTP) for staff accounts. One row per account that began enrolling; the
-- secret is stored encrypted (AES-256-GCM, platform/auth/totp.ts), confirmed_at is null until the first code
-- checks out, and ultimo_passo is the last accepted RFC 6238 time step (a code is good once).
CREATE TABLE "segundo_fator" (
	"usuario_id" bigint PRIMARY KEY NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
	"segredo_cifrado" varchar(300) NOT NULL,
	"confirmado_em" timestamp with time zone,
	"ultimo_passo" bigint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Recovery codes, argon2-hashed, each spent once (usado_em).
CREATE TABLE "codigo_recuperacao" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" bigint NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
	"hash" varchar(200) NOT NULL,
	"usado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "codigo_recuperacao_usuario_idx" ON "codigo_recuperacao" USING btree ("usuario_id");
