import { sql, type SQL } from 'drizzle-orm';
import { formatCaceal, violacaoAtividadesMeiNoEvento, violacaoNovoPorte, type SalvarEvento, type Violacao } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { recusaRegra } from '../../platform/errors/regra.js';

type Evento = z.output<typeof SalvarEvento>;

/** Another registration of the CNPJ root the event's new porte would reach (§4), as the rules judge it. */
export interface Irma { numero_caceal: number; digito_caceal: number; porte_id: number | null; eh_mei: boolean; eh_optante_simples: boolean; cnaes: string[] }

/**
 * Lock, then read (issue 39 §6): when the event changes the porte, the root's registrations it would
 * reach (its own included) are locked by key in id order BEFORE their activities and flags are judged,
 * so a concurrent event on one of them cannot add what the new porte forbids between judgement and write.
 */
export async function travarRaiz(tx: DbOrTx, e: Evento): Promise<void> {
  const porteId = e.dadosCadastrais?.porteId;
  if (porteId == null) return;
  await tx.execute(sql`select c2.id from contribuinte c2 where c2.porte_id is distinct from ${porteId}::int
      and c2.numero_pessoa in (select p2.numero_pessoa from pessoa p2 where p2.raiz_cnpj = (select p0.raiz_cnpj from contribuinte c0
        join pessoa p0 on p0.numero_pessoa = c0.numero_pessoa where c0.numero_caceal = ${e.numeroCaceal} and c0.porte_id is distinct from ${porteId}::int))
    order by c2.id for update`);
}

/** lerEstado's column (`c`, `p`: the registration and its person): the other registrations the new porte would reach. */
export function irmasSql(e: Evento): SQL {
  const porteId = e.dadosCadastrais?.porteId;
  if (porteId == null) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_object('numero_caceal', c2.numero_caceal, 'digito_caceal', c2.digito_caceal, 'porte_id', c2.porte_id,
      'eh_mei', c2.eh_mei, 'eh_optante_simples', c2.eh_optante_simples,
      'cnaes', (select coalesce(array_agg(a.cnae order by a.cnae), '{}') from atividade_contribuinte a where a.contribuinte_id = c2.id)) order by c2.id), '[]')
    from contribuinte c2 join pessoa p2 on p2.numero_pessoa = c2.numero_pessoa
    where c.porte_id is distinct from ${porteId}::int and p.raiz_cnpj is not null and p2.raiz_cnpj = p.raiz_cnpj and c2.id <> c.id
      and c2.porte_id is distinct from ${porteId}::int)`;
}

/**
 * §4 propagates a new porte to every registration of the CNPJ root: each must obey the rules the
 * registration itself obeys (LC 123/2006: nature, Simples, MEI flags; CGSN 140/2018 Anexo XI: a MEI's
 * activities). The first one that would not → 400 naming it (the field is the porte), nothing written.
 */
export function exigirPorteNasIrmas(irmas: Irma[], natureza: number | null, porteId: number): void {
  for (const x of irmas) {
    const atual = { naturezaJuridicaId: natureza, porteId: x.porte_id, ehMei: x.eh_mei, ehOptanteSimples: x.eh_optante_simples };
    const v: Violacao | null = violacaoNovoPorte(atual, porteId) ?? violacaoAtividadesMeiNoEvento(atual, porteId, undefined, x.cnaes)?.violacao ?? null;
    if (v) throw recusaRegra('dadosCadastrais', 'dadosCadastrais.', { ...v, campo: 'porteId', inscricao: formatCaceal(Number(x.numero_caceal), Number(x.digito_caceal)) });
  }
}
