-- Additive only (IF NOT EXISTS / OR REPLACE): applied by hand to the shared 1M cluster first.
CREATE TABLE IF NOT EXISTS "contribuinte_ativo_outra_uf" (
	"contribuinte_id" bigint PRIMARY KEY NOT NULL,
	"numero_caceal" integer NOT NULL,
	"numero_pessoa" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contribuinte_ativo_outra_uf_caceal_idx" ON "contribuinte_ativo_outra_uf" USING btree ("numero_caceal");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contribuinte_ativo_outra_uf_pessoa_idx" ON "contribuinte_ativo_outra_uf" USING btree ("numero_pessoa");--> statement-breakpoint
-- Recomputes which registrations of these people (sorted: a fixed lock order) are active with the
-- person's main address outside Alagoas. Called by statement triggers, in the writer's transaction.
CREATE OR REPLACE FUNCTION cadastro_outra_uf(pessoas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM contribuinte_ativo_outra_uf WHERE numero_pessoa = ANY (pessoas);
  INSERT INTO contribuinte_ativo_outra_uf (contribuinte_id, numero_caceal, numero_pessoa)
    SELECT c.id, c.numero_caceal, c.numero_pessoa FROM contribuinte c JOIN endereco e ON e.numero_pessoa = c.numero_pessoa AND e.eh_principal AND e.uf <> 'AL'
    WHERE c.numero_pessoa = ANY (pessoas) AND c.situacao_id = 1
    ORDER BY c.id
    ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- The people a statement on contribuinte may move in or out: an active row added or removed, a status
-- change into or out of ATIVO, a registration moved to another person. Other edits recount nothing.
CREATE OR REPLACE FUNCTION cadastro_outra_uf_contribuinte() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  pessoas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    pessoas := array(SELECT DISTINCT n.numero_pessoa FROM novas n WHERE n.situacao_id = 1 ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    pessoas := array(SELECT DISTINCT o.numero_pessoa FROM antigas o WHERE o.situacao_id = 1 ORDER BY 1);
  ELSE
    pessoas := array(SELECT DISTINCT x.p FROM novas n JOIN antigas o ON o.id = n.id, LATERAL (VALUES (n.numero_pessoa), (o.numero_pessoa)) x(p)
      WHERE n.numero_pessoa <> o.numero_pessoa OR (n.situacao_id = 1) <> (o.situacao_id = 1) OR n.numero_caceal <> o.numero_caceal ORDER BY 1);
  END IF;
  IF cardinality(pessoas) > 0 THEN PERFORM cadastro_outra_uf(pessoas); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The people whose main address a statement on endereco adds, removes, moves or changes the UF of.
CREATE OR REPLACE FUNCTION cadastro_outra_uf_endereco() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  pessoas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    pessoas := array(SELECT DISTINCT n.numero_pessoa FROM novas n WHERE n.eh_principal ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    pessoas := array(SELECT DISTINCT o.numero_pessoa FROM antigas o WHERE o.eh_principal ORDER BY 1);
  ELSE
    pessoas := array(SELECT DISTINCT x.p FROM novas n JOIN antigas o ON o.id = n.id, LATERAL (VALUES (n.numero_pessoa), (o.numero_pessoa)) x(p)
      WHERE (n.eh_principal OR o.eh_principal)
        AND (n.numero_pessoa <> o.numero_pessoa OR n.eh_principal <> o.eh_principal OR n.uf IS DISTINCT FROM o.uf) ORDER BY 1);
  END IF;
  IF cardinality(pessoas) > 0 THEN PERFORM cadastro_outra_uf(pessoas); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Everything again from the tables: by the generator after its bulk load without triggers, after a TRUNCATE, and here.
CREATE OR REPLACE FUNCTION cadastro_recontar_outra_uf() RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM contribuinte_ativo_outra_uf;
  INSERT INTO contribuinte_ativo_outra_uf (contribuinte_id, numero_caceal, numero_pessoa)
    SELECT c.id, c.numero_caceal, c.numero_pessoa FROM endereco e JOIN contribuinte c ON c.numero_pessoa = e.numero_pessoa
    WHERE e.eh_principal AND e.uf <> 'AL' AND c.situacao_id = 1;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_outra_uf_truncado() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM cadastro_recontar_outra_uf();
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_outra_uf_ins" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_outra_uf_ins" AFTER INSERT ON "contribuinte" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_outra_uf_upd" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_outra_uf_upd" AFTER UPDATE ON "contribuinte" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_outra_uf_del" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_outra_uf_del" AFTER DELETE ON "contribuinte" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_outra_uf_trunc" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_outra_uf_trunc" AFTER TRUNCATE ON "contribuinte" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_truncado();--> statement-breakpoint
DROP TRIGGER IF EXISTS "endereco_outra_uf_ins" ON "endereco";--> statement-breakpoint
CREATE TRIGGER "endereco_outra_uf_ins" AFTER INSERT ON "endereco" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_endereco();--> statement-breakpoint
DROP TRIGGER IF EXISTS "endereco_outra_uf_upd" ON "endereco";--> statement-breakpoint
CREATE TRIGGER "endereco_outra_uf_upd" AFTER UPDATE ON "endereco" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_endereco();--> statement-breakpoint
DROP TRIGGER IF EXISTS "endereco_outra_uf_del" ON "endereco";--> statement-breakpoint
CREATE TRIGGER "endereco_outra_uf_del" AFTER DELETE ON "endereco" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_endereco();--> statement-breakpoint
DROP TRIGGER IF EXISTS "endereco_outra_uf_trunc" ON "endereco";--> statement-breakpoint
CREATE TRIGGER "endereco_outra_uf_trunc" AFTER TRUNCATE ON "endereco" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_outra_uf_truncado();--> statement-breakpoint
SELECT cadastro_recontar_outra_uf();
