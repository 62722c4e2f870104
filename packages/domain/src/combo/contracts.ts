import { z } from 'zod';

/** The combo shape of §7: id + descricao (+ ativo). */
export const ComboItem = z.object({ id: z.union([z.number().int(), z.string()]), descricao: z.string(), ativo: z.boolean() });
export type ComboItem = z.infer<typeof ComboItem>;

export const UfItem = z.object({ id: z.string(), codigoIbge: z.number().int(), descricao: z.string() });
export const MunicipioItem = z.object({ id: z.number().int(), descricao: z.string(), codigoUf: z.string() });
export const PaisItem = z.object({ id: z.number().int(), sigla: z.string(), descricao: z.string() });
export const NaturezaJuridicaItem = z.object({ id: z.number().int(), codigoNaturezaJuridica: z.string(), descricao: z.string(), ativo: z.boolean() });
export const CnaeItem = z.object({ id: z.string(), codigoCnae: z.string(), descricao: z.string(), ativo: z.boolean() });
export const MotivoItem = z.object({ id: z.number().int(), idSituacao: z.number().int(), descricao: z.string(), ativo: z.boolean() });
