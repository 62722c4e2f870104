-- Since migration 0020 the taxpayer name search reads contribuinte_nome (persons with a registration),
-- and no other call looks a person up by name (§2 has no such screen): these two indexes were only
-- written — on every person saved, and 14 s of each 500,000-taxpayer generation (bench/README.md).
DROP INDEX IF EXISTS "pessoa_nome_busca_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "pessoa_nome_trgm_idx";
