import { sql, type SQL } from 'drizzle-orm';
import { formatCaceal, formatDocumento, ProblemType, type SalvarEvento } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { arr } from './evento-diff.js';

type Evento = z.output<typeof SalvarEvento>;

/**
 * What an event may write that the registration shares with others (issue 29): on its person the
 * `contato` (nome fantasia, e-mail: the person's own version), `telefones` and `enderecos`; on the head
 * office's person the `socios` (QSA) and `responsavel`; on a partner's person its `enderecos`.
 */
export type Parte = 'contato' | 'telefones' | 'enderecos' | 'socios' | 'responsavel';
export interface Escrita { numeroPessoa: number; parte: Parte; /** A partner's document, for the message. */ documento?: string }

/** A stored version as lerEstado reads it (after the locks), with the registration that last changed it. */
export interface VersaoLida { numero_pessoa: number; parte: Parte; version: number; numero_caceal: number | null; digito: number | null }

/** The persons whose shared data the event may write: the registration's, the head office's, partners' whose addresses or name it sends. */
function pessoasDoEvento(e: Evento): { daInscricao: boolean; daRaiz: boolean; socios: number[] } {
  return {
    daInscricao: !!e.dadosCadastrais,
    daRaiz: !!e.socios || !!e.responsavel,
    socios: (e.socios ?? []).filter((s) => s.enderecos || s.razaoSocial !== undefined).map((s) => s.numeroPessoaSocio),
  };
}

/** The keys of those persons, as an array expression over the registration (its person and head office never change). */
export function chavesPessoas(e: Evento): SQL | null {
  const p = pessoasDoEvento(e);
  if (!p.daInscricao && !p.daRaiz && !p.socios.length) return null;
  const daInscricao = p.daInscricao ? sql`select numero_pessoa from contribuinte where numero_caceal = ${e.numeroCaceal}` : sql`select null::bigint where false`;
  const daRaiz = p.daRaiz
    ? sql`select coalesce(p.numero_pessoa_raiz, p.numero_pessoa) from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_caceal = ${e.numeroCaceal}`
    : sql`select null::bigint where false`;
  return sql`(array(${daInscricao} union ${daRaiz}) || ${arr(p.socios)}::bigint[])`;
}

/**
 * Lock, then read: the persons whose shared data the event may write are locked by key, in key order
 * (two events on registrations of one company queue here instead of crossing), BEFORE lerEstado reads
 * their state in a statement of its own — so what it reads is what is stored when this event writes.
 */
export async function travarPessoas(tx: DbOrTx, e: Evento): Promise<void> {
  const chaves = chavesPessoas(e);
  if (chaves) await tx.execute(sql`select numero_pessoa from pessoa where numero_pessoa = any(${chaves}) order by numero_pessoa for update`);
}

/** lerEstado's column: the stored versions of those persons' parts. */
export function versoesLidas(e: Evento): SQL {
  const chaves = chavesPessoas(e);
  if (!chaves) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_object('numero_pessoa', v.numero_pessoa, 'parte', v.parte, 'version', v.version,
      'numero_caceal', v.numero_caceal, 'digito', cx.digito_caceal)), '[]')
    from versao_compartilhada v left join contribuinte cx on cx.numero_caceal = v.numero_caceal where v.numero_pessoa = any(${chaves}))`;
}

const TEXTO: Record<Parte, string> = {
  contato: 'O nome fantasia ou o e-mail da empresa foram alterados',
  telefones: 'Os telefones da empresa foram alterados',
  enderecos: 'Os endereços da empresa foram alterados',
  socios: 'O quadro de sócios da empresa foi alterado',
  responsavel: 'O responsável da empresa foi alterado',
};

/**
 * The guard of one event: each apply step calls `conferir` with the shared parts it is about to write
 * (only those that change: an equal list overwrites nothing). A part whose stored version is not the one
 * the screen read → 409 naming the part and the registration that changed it; the parts written are
 * bumped by the event's final statement (`atualizar`).
 *
 * A client that sends no `versoes` (§7 clients other than the SPA; issue 39 §4: its stale QSA silently
 * dropped a partner another registration had added) is checked against the registration's version: a
 * part never changed since the load, or last changed through THIS registration (every such event moved
 * the version the event already checked), is safe to write; one last changed elsewhere (another
 * registration, the person page) — and the contact of a person with other registrations, whose version
 * does not say where it changed — cannot be judged without its version: 428, nothing written.
 */
export function guardaVersoes(e: Evento, numeroPessoa: number, versaoContato: number, lidas: VersaoLida[], contatoCompartilhado: boolean) {
  const escritas = new Map<string, Escrita>();
  const lida = (x: Escrita) => lidas.find((v) => Number(v.numero_pessoa) === x.numeroPessoa && v.parte === x.parte);
  const esperada = (x: Escrita): number | undefined => {
    const v = e.versoes;
    if (!v) return undefined;
    if (x.numeroPessoa !== numeroPessoa && x.parte === 'enderecos') {
      // A partner added on this screen has its addresses read without a version: not checked (see the report of issue 29).
      return v.enderecosSocios?.find((s) => s.numeroPessoa === x.numeroPessoa)?.version;
    }
    return v[x.parte];
  };
  return {
    conferir: (xs: Escrita[]) => {
      for (const x of xs) {
        if (!e.versoes) {
          const v = lida(x);
          const alheia = x.parte === 'contato' ? contatoCompartilhado : !!v && Number(v.numero_caceal) !== e.numeroCaceal;
          if (alheia) throw semVersoes(x, v);
          escritas.set(`${x.numeroPessoa}:${x.parte}`, x);
          continue;
        }
        const atual = x.parte === 'contato' ? versaoContato : Number(lida(x)?.version ?? 0);
        const viu = esperada(x);
        if (viu !== undefined && viu !== atual) throw alterado(x, lida(x));
        escritas.set(`${x.numeroPessoa}:${x.parte}`, x);
      }
    },
    /** The final statement's CTE bumping the versions written (contato: the person's version, bumped by its update). */
    atualizar: (numeroCaceal: number): SQL | null => {
      const linhas = [...escritas.values()].filter((x) => x.parte !== 'contato').map((x) => ({ p: x.numeroPessoa, parte: x.parte }));
      if (!linhas.length) return null;
      return sql`versoes as (insert into versao_compartilhada (numero_pessoa, parte, version, numero_caceal)
        select v.p, v.parte, 1, ${numeroCaceal}::int from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as v(p bigint, parte text)
        on conflict (numero_pessoa, parte) do update set version = versao_compartilhada.version + 1, numero_caceal = excluded.numero_caceal, updated_at = now()
        returning 1)`;
    },
  };
}
/** What an apply step calls before it writes shared data. */
export type Conferir = (escritas: Escrita[]) => void;

/** 409 in the words of the other stale-save messages; `params` gives the SPA the part, the registration and the partner. */
function alterado(x: Escrita, v: VersaoLida | undefined): HttpProblem {
  const inscricao = v?.numero_caceal != null ? formatCaceal(Number(v.numero_caceal), v.digito ?? undefined) : '';
  const socio = x.documento ? formatDocumento(x.documento) : '';
  const texto = socio ? `Os endereços do sócio ${socio} foram alterados` : TEXTO[x.parte];
  return new HttpProblem(409, `${texto} por outra pessoa${inscricao ? ` (inscrição ${inscricao})` : ''}; consulte novamente.`, {
    type: ProblemType.CONCURRENT_CHANGE,
    message: 'error.evento.compartilhadoAlterado',
    params: [socio ? 'enderecosSocio' : x.parte, inscricao, socio].join(','),
  });
}

/**
 * 428 Precondition Required (RFC 6585): a shared part that changed elsewhere, written without the
 * version the client read; `params` as the 409's (part, registration that changed it, partner).
 */
function semVersoes(x: Escrita, v: VersaoLida | undefined): HttpProblem {
  const inscricao = v?.numero_caceal != null ? formatCaceal(Number(v.numero_caceal), v.digito ?? undefined) : '';
  const socio = x.documento ? formatDocumento(x.documento) : '';
  const texto = socio ? `os endereços do sócio ${socio}` : PARTE_MINUSCULA[x.parte];
  return new HttpProblem(428, `Para alterar ${texto}, compartilhados com outras inscrições da empresa e alterados por outra via${inscricao ? ` (inscrição ${inscricao})` : ''}, `
    + 'envie em "versoes" as versões lidas (obterDadosCadastrais, obterSocios); nada foi gravado.', {
    message: 'error.evento.versoesAusentes',
    params: [socio ? 'enderecosSocio' : x.parte, inscricao, socio].join(','),
  });
}

const PARTE_MINUSCULA: Record<Parte, string> = {
  contato: 'o nome fantasia ou o e-mail',
  telefones: 'os telefones',
  enderecos: 'os endereços',
  socios: 'o quadro de sócios',
  responsavel: 'o responsável',
};
