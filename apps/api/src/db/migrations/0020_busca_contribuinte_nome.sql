-- The taxpayer name search reads its own table: one row per person with at least one registration
-- and how many. pessoa also holds partners, accountants and other persons without a registration
-- (half of its rows): the search read their names and probed contribuinte for each, to throw them away.
CREATE TABLE "contribuinte_nome" (
	"numero_pessoa" bigint PRIMARY KEY NOT NULL,
	"nome_busca" varchar(150) NOT NULL,
	"registros" integer NOT NULL
);
--> statement-breakpoint
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
-- Only the taxpayer name search used these; it now asks the same indexes on contribuinte_nome.
DROP INDEX "pessoa_palavras_idx";--> statement-breakpoint
DROP INDEX "pessoa_pares_idx";--> statement-breakpoint
CREATE INDEX "contribuinte_nome_busca_idx" ON "contribuinte_nome" USING btree ("nome_busca" collate "C","numero_pessoa");--> statement-breakpoint
CREATE INDEX "contribuinte_nome_trgm_idx" ON "contribuinte_nome" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contribuinte_nome_palavras_idx" ON "contribuinte_nome" USING gin (string_to_array("nome_busca"::text, ' '));--> statement-breakpoint
CREATE INDEX "contribuinte_nome_pares_idx" ON "contribuinte_nome" USING gin (cadastro_pares("nome_busca"::text));--> statement-breakpoint
ANALYZE contribuinte_nome;
