DROP INDEX "pessoa_nome_idx";--> statement-breakpoint
CREATE INDEX "pessoa_nome_busca_idx" ON "pessoa" USING btree ("nome_busca" collate "C","numero_pessoa");