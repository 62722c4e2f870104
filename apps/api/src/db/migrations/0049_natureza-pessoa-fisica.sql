-- expand: one CHECK the running release never fails (it gives a person no nature), and the nature of the registrations a CPF holds.
-- A CPF's nature can only be one of CONCLA's section 4, "Pessoas Físicas": a CPF that holds a registration is
-- a rural producer (RICMS-AL), 412-0 Produtor Rural (Pessoa Física). A partner or an accountant (a person
-- holding no registration) has none. The other way does not hold: the Receita gives section-4 natures to
-- CNPJs too (401-4 Empresa Individual Imobiliária, 409-0 Candidato a Cargo Político Eletivo, a producer's own CNPJ).
UPDATE "pessoa" SET "natureza_juridica_id" = 4120
  WHERE "tipo" = 'F' AND "natureza_juridica_id" IS NULL AND EXISTS (SELECT 1 FROM "contribuinte" c WHERE c."numero_pessoa" = "pessoa"."numero_pessoa");--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_natureza_do_tipo" CHECK ("tipo" = 'J' OR "natureza_juridica_id" IS NULL OR "natureza_juridica_id" BETWEEN 4000 AND 4999);
