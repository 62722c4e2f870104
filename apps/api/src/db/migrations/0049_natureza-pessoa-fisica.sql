-- expand: one CHECK the running release never fails (it gives no company a nature of section 4), and the nature of the registrations a CPF holds.
-- CONCLA's natureza jurídica, section 4 "Pessoas Físicas" (412-0 Produtor Rural (Pessoa Física)), is a
-- person's and only a person's: a CPF that holds a registration is a rural producer (RICMS-AL) of 412-0; a
-- CNPJ's nature is never of section 4. A partner or accountant (a person holding no registration) has none.
UPDATE "pessoa" SET "natureza_juridica_id" = 4120
  WHERE "tipo" = 'F' AND "natureza_juridica_id" IS NULL AND EXISTS (SELECT 1 FROM "contribuinte" c WHERE c."numero_pessoa" = "pessoa"."numero_pessoa");--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_natureza_do_tipo" CHECK ("natureza_juridica_id" IS NULL OR ("tipo" = 'F') = ("natureza_juridica_id" BETWEEN 4000 AND 4999));
