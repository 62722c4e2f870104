CREATE TABLE "nome_vocabulario" (
	"palavra" text PRIMARY KEY NOT NULL,
	"pessoas" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nome_vocabulario_trgm_idx" ON "nome_vocabulario" USING gin ("palavra" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoa_palavras_idx" ON "pessoa" USING gin (string_to_array("nome_busca"::text, ' '));--> statement-breakpoint
-- A new word enters the vocabulary with the name that brings it; words are never removed (a stale
-- word only finds nothing) and known words keep their count (see cadastro_recontar_vocabulario).
CREATE OR REPLACE FUNCTION cadastro_vocabulario() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO nome_vocabulario (palavra)
    SELECT DISTINCT w FROM unnest(string_to_array(NEW.nome_busca::text, ' ')) w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pessoa_vocabulario" AFTER INSERT OR UPDATE OF "nome" ON "pessoa" FOR EACH ROW EXECUTE FUNCTION cadastro_vocabulario();--> statement-breakpoint
-- Every word of every name with how many names carry it (a hint for the search strategy). Run
-- here, by the generator after a bulk load, and whenever the counts should be refreshed.
CREATE OR REPLACE FUNCTION cadastro_recontar_vocabulario() RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO nome_vocabulario (palavra, pessoas)
    SELECT w, count(*)::int FROM pessoa p, unnest(string_to_array(p.nome_busca::text, ' ')) w WHERE w <> '' GROUP BY w
    ON CONFLICT (palavra) DO UPDATE SET pessoas = excluded.pessoas;
$$;--> statement-breakpoint
SELECT cadastro_recontar_vocabulario();
