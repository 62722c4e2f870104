-- Issue 40 §3: the pendência lists put the open ones first, earliest deadline first (the overdue lead), then
-- the rest, newest competence first (pendencia/consulta.ts ORDEM): everyone's list is read in this order, no sort.
CREATE INDEX "pendencia_ordem_idx" ON "pendencia" USING btree ((situacao_id <> 1),(case when situacao_id = 1 then prazo end),"competencia" DESC,"sequencial" DESC);
