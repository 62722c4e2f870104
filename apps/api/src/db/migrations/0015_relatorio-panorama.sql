-- Additive only (IF NOT EXISTS / OR REPLACE): it may be applied by hand to a running cluster first.
CREATE TABLE IF NOT EXISTS "empresa_divergencia_responsavel" (
	"numero_pessoa" bigint PRIMARY KEY NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	CONSTRAINT "empresa_divergencia_responsavel_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pessoa_multiplos_vivos" (
	"numero_pessoa" bigint PRIMARY KEY NOT NULL,
	"numero_documento" varchar(14) NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "resumo_cadastro" (
	"grupo" varchar(12) NOT NULL,
	"chave" varchar(12) NOT NULL,
	"quantidade" bigint NOT NULL,
	CONSTRAINT "resumo_cadastro_grupo_chave_pk" PRIMARY KEY("grupo","chave")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pessoa_multiplos_vivos_documento_idx" ON "pessoa_multiplos_vivos" USING btree ("numero_documento");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contribuinte_situacao_inicio_idx" ON "contribuinte" USING btree ("situacao_id","data_inicio_atividade");--> statement-breakpoint
-- The counters a registration adds to the picture of the registry (schema/cadastro.ts resumoCadastro).
-- (The five-argument draft was applied by hand to the shared 1M cluster before this one.)
DROP FUNCTION IF EXISTS cadastro_resumo_chaves(integer, boolean, boolean, date, date);--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_resumo_chaves(situacao integer, mei boolean, simples boolean, inicio date, desde date, tipo integer)
  RETURNS TABLE (grupo varchar, chave varchar)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT 'situacao'::varchar, situacao::varchar
  UNION ALL SELECT 'abertas', to_char(inicio, 'YYYY-MM')
  UNION ALL SELECT 'simples', CASE WHEN mei THEN 'mei' WHEN simples THEN 'simples' ELSE 'naoOptante' END WHERE situacao = 1
  UNION ALL SELECT 'baixadas', to_char(desde, 'YYYY-MM') WHERE situacao = 4
  UNION ALL SELECT 'tipo', tipo::varchar WHERE situacao = 1
$$;--> statement-breakpoint
-- Recounts whether each of these people has more than one live registration (neither closed nor void).
CREATE OR REPLACE FUNCTION cadastro_multiplos_vivos(pessoas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM pessoa_multiplos_vivos WHERE numero_pessoa = ANY (pessoas);
  INSERT INTO pessoa_multiplos_vivos (numero_pessoa, numero_documento)
    SELECT c.numero_pessoa, min(p.numero_documento) FROM contribuinte c JOIN pessoa p ON p.numero_pessoa = c.numero_pessoa
    WHERE c.numero_pessoa = ANY (pessoas) AND c.situacao_id NOT IN (4, 5)
    GROUP BY c.numero_pessoa HAVING count(*) > 1
    ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- One statement's difference, added in its transaction: +1 for each new row's keys, −1 for each old
-- row's; keys in a fixed order (no deadlock between two writers), unchanged keys not written at all.
CREATE OR REPLACE FUNCTION cadastro_resumo_contribuinte() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT k.grupo, k.chave, count(*) FROM novas n, cadastro_resumo_chaves(n.situacao_id, n.eh_mei, n.eh_optante_simples, n.data_inicio_atividade, n.data_situacao, n.tipo_contribuinte_id) k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
    PERFORM cadastro_multiplos_vivos(array(SELECT DISTINCT numero_pessoa FROM novas WHERE situacao_id NOT IN (4, 5)));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT k.grupo, k.chave, -count(*) FROM antigas o, cadastro_resumo_chaves(o.situacao_id, o.eh_mei, o.eh_optante_simples, o.data_inicio_atividade, o.data_situacao, o.tipo_contribuinte_id) k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
    PERFORM cadastro_multiplos_vivos(array(SELECT DISTINCT numero_pessoa FROM antigas));
  ELSE
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT k.grupo, k.chave, sum(d.delta) FROM (
        SELECT n.situacao_id, n.eh_mei, n.eh_optante_simples, n.data_inicio_atividade, n.data_situacao, n.tipo_contribuinte_id, 1 AS delta FROM novas n
        UNION ALL SELECT o.situacao_id, o.eh_mei, o.eh_optante_simples, o.data_inicio_atividade, o.data_situacao, o.tipo_contribuinte_id, -1 FROM antigas o
      ) d, cadastro_resumo_chaves(d.situacao_id, d.eh_mei, d.eh_optante_simples, d.data_inicio_atividade, d.data_situacao, d.tipo_contribuinte_id) k
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
    PERFORM cadastro_multiplos_vivos(array(
      SELECT x.p FROM novas n JOIN antigas o ON o.id = n.id, LATERAL (VALUES (n.numero_pessoa), (o.numero_pessoa)) x(p)
      WHERE n.numero_pessoa <> o.numero_pessoa OR (n.situacao_id IN (4, 5)) <> (o.situacao_id IN (4, 5))));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_resumo_pendencia() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT 'pendencia', n.criticidade_id::varchar, count(*) FROM novas n WHERE n.situacao_id = 1 GROUP BY 2 ORDER BY 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT 'pendencia', o.criticidade_id::varchar, -count(*) FROM antigas o WHERE o.situacao_id = 1 GROUP BY 2 ORDER BY 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  ELSE
    INSERT INTO resumo_cadastro AS r (grupo, chave, quantidade)
      SELECT 'pendencia', d.c::varchar, sum(d.delta) FROM (
        SELECT n.criticidade_id c, 1 delta FROM novas n WHERE n.situacao_id = 1
        UNION ALL SELECT o.criticidade_id, -1 FROM antigas o WHERE o.situacao_id = 1) d
      GROUP BY 2 HAVING sum(d.delta) <> 0 ORDER BY 2
      ON CONFLICT (grupo, chave) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Recomputes whether each of these head offices has a legal responsible at the Receita other than the registry's.
CREATE OR REPLACE FUNCTION cadastro_divergencias(empresas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM empresa_divergencia_responsavel WHERE numero_pessoa = ANY (empresas);
  INSERT INTO empresa_divergencia_responsavel (numero_pessoa, cnpj)
    SELECT p.numero_pessoa, p.numero_documento FROM pessoa p JOIN receita_cnpj r ON r.cnpj = p.numero_documento
    JOIN responsavel re ON re.numero_pessoa_empresa = p.numero_pessoa JOIN pessoa rp ON rp.numero_pessoa = re.numero_pessoa_responsavel
    WHERE p.numero_pessoa = ANY (empresas) AND p.numero_pessoa_raiz IS NULL AND r.cpf_responsavel IS NOT NULL AND r.cpf_responsavel <> rp.numero_documento
    ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_divergencia_responsavel() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM cadastro_divergencias(array(SELECT numero_pessoa_empresa FROM novas)); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM cadastro_divergencias(array(SELECT numero_pessoa_empresa FROM antigas)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_divergencia_receita() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM cadastro_divergencias(array(SELECT p.numero_pessoa FROM novas n JOIN pessoa p ON p.numero_documento = n.cnpj));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM cadastro_divergencias(array(SELECT p.numero_pessoa FROM antigas o JOIN pessoa p ON p.numero_documento = o.cnpj));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A corrected document: the person's own company, and the companies the person is responsible for.
CREATE OR REPLACE FUNCTION cadastro_divergencia_pessoa() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM cadastro_divergencias(array(SELECT NEW.numero_pessoa UNION SELECT numero_pessoa_empresa FROM responsavel WHERE numero_pessoa_responsavel = NEW.numero_pessoa));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Everything counted again from the tables (the picture, the multiple-live people, the divergent
-- companies): here, by the generator after a bulk load without triggers, and after a TRUNCATE.
CREATE OR REPLACE FUNCTION cadastro_recontar_resumo() RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM resumo_cadastro;
  INSERT INTO resumo_cadastro (grupo, chave, quantidade)
    SELECT k.grupo, k.chave, count(*) FROM contribuinte c, cadastro_resumo_chaves(c.situacao_id, c.eh_mei, c.eh_optante_simples, c.data_inicio_atividade, c.data_situacao, c.tipo_contribuinte_id) k
    GROUP BY 1, 2
    UNION ALL SELECT 'pendencia', criticidade_id::varchar, count(*) FROM pendencia WHERE situacao_id = 1 GROUP BY 2;
  DELETE FROM pessoa_multiplos_vivos;
  INSERT INTO pessoa_multiplos_vivos (numero_pessoa, numero_documento)
    SELECT c.numero_pessoa, min(p.numero_documento) FROM contribuinte c JOIN pessoa p ON p.numero_pessoa = c.numero_pessoa
    WHERE c.situacao_id NOT IN (4, 5) GROUP BY c.numero_pessoa HAVING count(*) > 1;
  DELETE FROM empresa_divergencia_responsavel;
  INSERT INTO empresa_divergencia_responsavel (numero_pessoa, cnpj)
    SELECT p.numero_pessoa, p.numero_documento FROM receita_cnpj r JOIN pessoa p ON p.numero_documento = r.cnpj AND p.numero_pessoa_raiz IS NULL
    JOIN responsavel re ON re.numero_pessoa_empresa = p.numero_pessoa JOIN pessoa rp ON rp.numero_pessoa = re.numero_pessoa_responsavel
    WHERE r.cpf_responsavel IS NOT NULL AND r.cpf_responsavel <> rp.numero_documento;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_resumo_truncado() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM cadastro_recontar_resumo();
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_resumo_ins" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_resumo_ins" AFTER INSERT ON "contribuinte" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_resumo_upd" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_resumo_upd" AFTER UPDATE ON "contribuinte" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_resumo_del" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_resumo_del" AFTER DELETE ON "contribuinte" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_contribuinte();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pendencia_resumo_ins" ON "pendencia";--> statement-breakpoint
CREATE TRIGGER "pendencia_resumo_ins" AFTER INSERT ON "pendencia" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_pendencia();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pendencia_resumo_upd" ON "pendencia";--> statement-breakpoint
CREATE TRIGGER "pendencia_resumo_upd" AFTER UPDATE ON "pendencia" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_pendencia();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pendencia_resumo_del" ON "pendencia";--> statement-breakpoint
CREATE TRIGGER "pendencia_resumo_del" AFTER DELETE ON "pendencia" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_pendencia();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contribuinte_resumo_trunc" ON "contribuinte";--> statement-breakpoint
CREATE TRIGGER "contribuinte_resumo_trunc" AFTER TRUNCATE ON "contribuinte" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_truncado();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pendencia_resumo_trunc" ON "pendencia";--> statement-breakpoint
CREATE TRIGGER "pendencia_resumo_trunc" AFTER TRUNCATE ON "pendencia" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_truncado();--> statement-breakpoint
DROP TRIGGER IF EXISTS "responsavel_divergencia_ins" ON "responsavel";--> statement-breakpoint
CREATE TRIGGER "responsavel_divergencia_ins" AFTER INSERT ON "responsavel" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_responsavel();--> statement-breakpoint
DROP TRIGGER IF EXISTS "responsavel_divergencia_upd" ON "responsavel";--> statement-breakpoint
CREATE TRIGGER "responsavel_divergencia_upd" AFTER UPDATE ON "responsavel" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_responsavel();--> statement-breakpoint
DROP TRIGGER IF EXISTS "responsavel_divergencia_del" ON "responsavel";--> statement-breakpoint
CREATE TRIGGER "responsavel_divergencia_del" AFTER DELETE ON "responsavel" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_responsavel();--> statement-breakpoint
DROP TRIGGER IF EXISTS "responsavel_divergencia_trunc" ON "responsavel";--> statement-breakpoint
CREATE TRIGGER "responsavel_divergencia_trunc" AFTER TRUNCATE ON "responsavel" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_truncado();--> statement-breakpoint
DROP TRIGGER IF EXISTS "receita_cnpj_divergencia_ins" ON "receita_cnpj";--> statement-breakpoint
CREATE TRIGGER "receita_cnpj_divergencia_ins" AFTER INSERT ON "receita_cnpj" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_receita();--> statement-breakpoint
DROP TRIGGER IF EXISTS "receita_cnpj_divergencia_upd" ON "receita_cnpj";--> statement-breakpoint
CREATE TRIGGER "receita_cnpj_divergencia_upd" AFTER UPDATE ON "receita_cnpj" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_receita();--> statement-breakpoint
DROP TRIGGER IF EXISTS "receita_cnpj_divergencia_del" ON "receita_cnpj";--> statement-breakpoint
CREATE TRIGGER "receita_cnpj_divergencia_del" AFTER DELETE ON "receita_cnpj" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cadastro_divergencia_receita();--> statement-breakpoint
DROP TRIGGER IF EXISTS "receita_cnpj_divergencia_trunc" ON "receita_cnpj";--> statement-breakpoint
CREATE TRIGGER "receita_cnpj_divergencia_trunc" AFTER TRUNCATE ON "receita_cnpj" FOR EACH STATEMENT EXECUTE FUNCTION cadastro_resumo_truncado();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pessoa_divergencia_documento" ON "pessoa";--> statement-breakpoint
CREATE TRIGGER "pessoa_divergencia_documento" AFTER UPDATE OF "numero_documento" ON "pessoa" FOR EACH ROW WHEN (OLD.numero_documento IS DISTINCT FROM NEW.numero_documento) EXECUTE FUNCTION cadastro_divergencia_pessoa();--> statement-breakpoint
SELECT cadastro_recontar_resumo();
