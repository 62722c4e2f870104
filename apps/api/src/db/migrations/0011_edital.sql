ALTER TABLE "historico_situacao" ADD COLUMN "edital_id" bigint;--> statement-breakpoint
CREATE INDEX "historico_situacao_edital_idx" ON "historico_situacao" USING btree ("edital_id") WHERE "historico_situacao"."edital_id" is not null;--> statement-breakpoint
CREATE INDEX "edital_tipo_idx" ON "edital" USING btree ("tipo_edital_id","data_publicacao");--> statement-breakpoint
CREATE INDEX "edital_efeito_legal_idx" ON "edital" USING btree ("data_efeito_legal");