-- The trigger-kept report tables recount a person from what the writer's transaction can see. Under
-- READ COMMITTED two writers of the same person (a status change here, an address change there) each
-- recounted from a snapshot without the other's change, and the table stayed wrong after both
-- committed. Each recount now first locks the people it recounts (by key, in a fixed order: no
-- deadlock between two recounts); the next statements of a volatile function take a fresh snapshot,
-- so the second writer waits for the first to commit and then counts both changes.
-- NO KEY UPDATE: two recounts exclude each other, a foreign-key check (KEY SHARE) is not blocked.
CREATE OR REPLACE FUNCTION cadastro_outra_uf(pessoas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT 1 FROM pessoa WHERE numero_pessoa = ANY (pessoas) ORDER BY numero_pessoa FOR NO KEY UPDATE;
  DELETE FROM contribuinte_ativo_outra_uf WHERE numero_pessoa = ANY (pessoas);
  INSERT INTO contribuinte_ativo_outra_uf (contribuinte_id, numero_caceal, numero_pessoa)
    SELECT c.id, c.numero_caceal, c.numero_pessoa FROM contribuinte c JOIN endereco e ON e.numero_pessoa = c.numero_pessoa AND e.eh_principal AND e.uf <> 'AL'
    WHERE c.numero_pessoa = ANY (pessoas) AND c.situacao_id = 1
    ORDER BY c.id
    ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_multiplos_vivos(pessoas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT 1 FROM pessoa WHERE numero_pessoa = ANY (pessoas) ORDER BY numero_pessoa FOR NO KEY UPDATE;
  DELETE FROM pessoa_multiplos_vivos WHERE numero_pessoa = ANY (pessoas);
  INSERT INTO pessoa_multiplos_vivos (numero_pessoa, numero_documento)
    SELECT c.numero_pessoa, min(p.numero_documento) FROM contribuinte c JOIN pessoa p ON p.numero_pessoa = c.numero_pessoa
    WHERE c.numero_pessoa = ANY (pessoas) AND c.situacao_id NOT IN (4, 5)
    GROUP BY c.numero_pessoa HAVING count(*) > 1
    ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadastro_divergencias(empresas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT 1 FROM pessoa WHERE numero_pessoa = ANY (empresas) ORDER BY numero_pessoa FOR NO KEY UPDATE;
  DELETE FROM empresa_divergencia_responsavel WHERE numero_pessoa = ANY (empresas);
  INSERT INTO empresa_divergencia_responsavel (numero_pessoa, cnpj)
    SELECT p.numero_pessoa, p.numero_documento FROM pessoa p JOIN receita_cnpj r ON r.cnpj = p.numero_documento
    JOIN responsavel re ON re.numero_pessoa_empresa = p.numero_pessoa JOIN pessoa rp ON rp.numero_pessoa = re.numero_pessoa_responsavel
    WHERE p.numero_pessoa = ANY (empresas) AND p.numero_pessoa_raiz IS NULL AND r.cpf_responsavel IS NOT NULL AND r.cpf_responsavel <> rp.numero_documento
    ON CONFLICT DO NOTHING;
$$;
