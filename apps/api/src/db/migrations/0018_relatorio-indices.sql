-- Additive (IF [NOT] EXISTS): applied by hand to the shared 1M cluster first, as CREATE INDEX CONCURRENTLY.
CREATE INDEX IF NOT EXISTS "contribuinte_suspensao_pagina_idx" ON "contribuinte" USING btree ("data_situacao" DESC NULLS FIRST,"numero_caceal") WHERE "contribuinte"."situacao_id" = 2 and "contribuinte"."motivo_id" in (201, 203);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contribuinte_baixado_idx" ON "contribuinte" USING btree ("id") WHERE "contribuinte"."situacao_id" = 4;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solicitacao_rds_data_idx" ON "solicitacao" USING btree ("data_solicitacao","contribuinte_id") WHERE "solicitacao"."sistema" = 'RDS';--> statement-breakpoint
DROP INDEX IF EXISTS "contribuinte_suspensao_temporaria_idx";
