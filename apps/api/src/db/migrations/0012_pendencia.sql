DROP INDEX "pendencia_competencia_idx";--> statement-breakpoint
CREATE INDEX "pendencia_competencia_seq_idx" ON "pendencia" USING btree ("competencia","sequencial");