-- expand: three indexes; nothing existing changes.
-- Issue 40, the paged lists at 500,000 taxpayers. The general report in its order with the key: a page
-- past the first skips its rows here, index-only (relatorio/motor.ts leituraDaPagina).
CREATE INDEX IF NOT EXISTS "contribuinte_inicio_caceal_idx" ON "contribuinte" USING btree ("data_inicio_atividade","numero_caceal","id");--> statement-breakpoint
-- "Empresas sem Manifestação": the registrations' activity start by id, merged index-only with the
-- accountants' and the active statements' keys (contador/empresas.ts).
CREATE INDEX IF NOT EXISTS "contribuinte_id_inicio_idx" ON "contribuinte" USING btree ("id","data_inicio_atividade");--> statement-breakpoint
-- "Empresas com Negação": the active denials by day, counted alone and paged from the newest.
CREATE INDEX IF NOT EXISTS "manifestacao_negacao_ativa_idx" ON "manifestacao" USING btree ("data_manifestacao","contribuinte_id") WHERE "manifestacao"."tipo" = 2 AND "manifestacao"."ind_ativo" = 'S';
