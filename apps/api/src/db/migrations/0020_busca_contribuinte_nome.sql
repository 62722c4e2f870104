-- The taxpayer name search reads its own table: one row per person with at least one registration
-- and how many. pessoa also holds partners, accountants and other persons without a registration
-- (half of its rows): the search read their names and probed contribuinte for each, to throw them away.
CREATE TABLE "contribuinte_nome" (
	"numero_pessoa" bigint PRIMARY KEY NOT NULL,
	"nome_busca" varchar(150) NOT NULL,
	"registros" integer NOT NULL
);
--> statement-breakpoint
-- No parallel plan here: starting workers costs more than the search (~30 ms on a small server), and
-- the planner, unable to estimate a LIKE, chose them for a 2,000-row count ("braga silva"). Set on the
-- table, the search needs no session settings (no transaction around its count).
ALTER TABLE "contribuinte_nome" SET (parallel_workers = 0);--> statement-breakpoint
-- Registrations per person added (or, negative, removed), applied in numero_pessoa order so that two
-- writers never take the same rows in opposite orders; a person left with none leaves the table.
CREATE OR REPLACE FUNCTION cadastro_contribuinte_nome_somar(pessoas bigint[], deltas integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO contribuinte_nome (numero_pessoa, nome_busca, registros)
    SELECT d.numero_pessoa, p.nome_busca, d.delta FROM unnest(pessoas, deltas) d (numero_pessoa, delta)
      JOIN pessoa p ON p.numero_pessoa = d.numero_pessoa
      WHERE d.delta <> 0 ORDER BY d.numero_pessoa
    ON CONFLICT (numero_pessoa) DO UPDATE SET registros = contribuinte_nome.registros + excluded.registros;
  DELETE FROM contribuinte_nome WHERE numero_pessoa = ANY (pessoas) AND registros <= 0;
$$;--> statement-breakpoint
-- Statement triggers (transition tables): one call per statement however many rows it wrote. An
-- UPDATE that keeps every registration's person (a status change) changes nothing here.
CREATE OR REPLACE FUNCTION cadastro_contribuinte_nome() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ps bigint[];
  ds integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(numero_pessoa ORDER BY numero_pessoa), array_agg(n ORDER BY numero_pessoa) INTO ps, ds
      FROM (SELECT numero_pessoa, count(*)::int AS n FROM novas GROUP BY 1) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(numero_pessoa ORDER BY numero_pessoa), array_agg(n ORDER BY numero_pessoa) INTO ps, ds
      FROM (SELECT numero_pessoa, -count(*)::int AS n FROM antigas GROUP BY 1) x;
  ELSE
    SELECT array_agg(numero_pessoa ORDER BY numero_pessoa), array_agg(n ORDER BY numero_pessoa) INTO ps, ds
      FROM (SELECT numero_pessoa, sum(n)::int AS n FROM (SELECT numero_pessoa, 1 AS n FROM novas UNION ALL SELECT numero_pessoa, -1 FROM antigas) u
        GROUP BY 1 HAVING sum(n) <> 0) x;
  END IF;
  IF ps IS NOT NULL THEN
    PERFORM cadastro_contribuinte_nome_somar(ps, ds);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contribuinte_nome_ins" AFTER INSERT ON "contribuinte" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_contribuinte_nome();--> statement-breakpoint
CREATE TRIGGER "contribuinte_nome_upd" AFTER UPDATE ON "contribuinte" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_contribuinte_nome();--> statement-breakpoint
CREATE TRIGGER "contribuinte_nome_del" AFTER DELETE ON "contribuinte" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_contribuinte_nome();--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_contribuinte_nome_truncado() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  TRUNCATE contribuinte_nome;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contribuinte_nome_trunc" AFTER TRUNCATE ON "contribuinte" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_contribuinte_nome_truncado();--> statement-breakpoint
-- A renamed person is found by the new name.
CREATE OR REPLACE FUNCTION cadastro_contribuinte_nome_pessoa() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE contribuinte_nome SET nome_busca = NEW.nome_busca
    WHERE numero_pessoa = NEW.numero_pessoa AND nome_busca IS DISTINCT FROM NEW.nome_busca;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pessoa_contribuinte_nome" AFTER UPDATE OF "nome" ON "pessoa" FOR EACH ROW EXECUTE FUNCTION cadastro_contribuinte_nome_pessoa();--> statement-breakpoint
-- Counted set-wise: here, by the generator after a bulk load (its COPY skips triggers), and whenever
-- the table should be rebuilt.
CREATE OR REPLACE FUNCTION cadastro_recontar_contribuinte_nome() RETURNS void
  LANGUAGE sql
  AS $$
  TRUNCATE contribuinte_nome;
  INSERT INTO contribuinte_nome (numero_pessoa, nome_busca, registros)
    SELECT p.numero_pessoa, p.nome_busca, c.n FROM (SELECT numero_pessoa, count(*)::int AS n FROM contribuinte GROUP BY 1) c
      JOIN pessoa p ON p.numero_pessoa = c.numero_pessoa;
$$;--> statement-breakpoint
SELECT cadastro_recontar_contribuinte_nome();--> statement-breakpoint
-- How many registrations carry each word and pair of a name: a lower bound (see the schema), so that
-- "more than 1,000" is proved by one row of the vocabulary instead of a posting list of 48,000 names.
ALTER TABLE "nome_vocabulario" ADD COLUMN "contribuintes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nome_vocabulario_par" ADD COLUMN "contribuintes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A name loses registrations (deleted, moved to another person) or words (renamed): its words and pairs
-- count that many fewer. Never raised here (no hot row on every new registration): the full count
-- below restores the exact figures. Rows locked in key order (two writers, same words, no deadlock).
CREATE OR REPLACE FUNCTION cadastro_vocabulario_menos() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  nome_novo text[] := '{}';
  pares_novos text[] := '{}';
  registros_novos integer := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    nome_novo := string_to_array(NEW.nome_busca::text, ' ');
    pares_novos := cadastro_pares(NEW.nome_busca::text);
    registros_novos := NEW.registros;
  END IF;
  PERFORM 1 FROM nome_vocabulario WHERE palavra = ANY (string_to_array(OLD.nome_busca::text, ' ')) ORDER BY palavra FOR UPDATE;
  UPDATE nome_vocabulario v SET contribuintes = greatest(0, v.contribuintes - d.n)
    FROM (SELECT w, OLD.registros - CASE WHEN w = ANY (nome_novo) THEN registros_novos ELSE 0 END AS n
      FROM (SELECT DISTINCT w FROM unnest(string_to_array(OLD.nome_busca::text, ' ')) w WHERE w <> '') x) d
    WHERE v.palavra = d.w AND d.n > 0;
  PERFORM 1 FROM nome_vocabulario_par WHERE par = ANY (cadastro_pares(OLD.nome_busca::text)) ORDER BY par FOR UPDATE;
  UPDATE nome_vocabulario_par v SET contribuintes = greatest(0, v.contribuintes - d.n)
    FROM (SELECT w, OLD.registros - CASE WHEN w = ANY (pares_novos) THEN registros_novos ELSE 0 END AS n
      FROM (SELECT DISTINCT w FROM unnest(cadastro_pares(OLD.nome_busca::text)) w) x) d
    WHERE v.par = d.w AND d.n > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contribuinte_nome_vocabulario" AFTER UPDATE OR DELETE ON "contribuinte_nome" FOR EACH ROW EXECUTE FUNCTION cadastro_vocabulario_menos();--> statement-breakpoint
-- The full count (here, by the generator after a bulk load, whenever the figures should be exact
-- again): persons per word and pair as before, registrations from contribuinte_nome.
CREATE OR REPLACE FUNCTION cadastro_recontar_vocabulario() RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO nome_vocabulario (palavra, pessoas)
    SELECT w, count(*)::int FROM pessoa p, unnest(string_to_array(p.nome_busca::text, ' ')) w WHERE w <> '' GROUP BY w
    ON CONFLICT (palavra) DO UPDATE SET pessoas = excluded.pessoas;
  INSERT INTO nome_vocabulario_par (par, pessoas)
    SELECT x, count(*)::int FROM pessoa p, unnest(cadastro_pares(p.nome_busca::text)) x GROUP BY x
    ON CONFLICT (par) DO UPDATE SET pessoas = excluded.pessoas;
  UPDATE nome_vocabulario v SET contribuintes = coalesce(c.n, 0)
    FROM nome_vocabulario v2 LEFT JOIN (SELECT w, sum(cn.registros)::int AS n FROM contribuinte_nome cn,
      LATERAL (SELECT DISTINCT w FROM unnest(string_to_array(cn.nome_busca::text, ' ')) w WHERE w <> '') x GROUP BY w) c ON c.w = v2.palavra
    WHERE v2.palavra = v.palavra AND v.contribuintes IS DISTINCT FROM coalesce(c.n, 0);
  UPDATE nome_vocabulario_par v SET contribuintes = coalesce(c.n, 0)
    FROM nome_vocabulario_par v2 LEFT JOIN (SELECT w, sum(cn.registros)::int AS n FROM contribuinte_nome cn,
      LATERAL (SELECT DISTINCT w FROM unnest(cadastro_pares(cn.nome_busca::text)) w) x GROUP BY w) c ON c.w = v2.par
    WHERE v2.par = v.par AND v.contribuintes IS DISTINCT FROM coalesce(c.n, 0);
$$;--> statement-breakpoint
SELECT cadastro_recontar_vocabulario();--> statement-breakpoint
-- Only the taxpayer name search used these; it now asks the same indexes on contribuinte_nome.
DROP INDEX "pessoa_palavras_idx";--> statement-breakpoint
DROP INDEX "pessoa_pares_idx";--> statement-breakpoint
CREATE INDEX "contribuinte_nome_busca_idx" ON "contribuinte_nome" USING btree ("nome_busca" collate "C","numero_pessoa");--> statement-breakpoint
CREATE INDEX "contribuinte_nome_trgm_idx" ON "contribuinte_nome" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contribuinte_nome_palavras_idx" ON "contribuinte_nome" USING gin (string_to_array("nome_busca"::text, ' '));--> statement-breakpoint
CREATE INDEX "contribuinte_nome_pares_idx" ON "contribuinte_nome" USING gin (cadastro_pares("nome_busca"::text));--> statement-breakpoint
ANALYZE contribuinte_nome;
