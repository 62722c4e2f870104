import { sql } from 'drizzle-orm';
import type { DadosCadastrais } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { enderecosDe, telefonesDe } from '../pessoa/enderecos.js';
import { inicioEmpresaSql } from './inicio-empresa.js';

type Row = Record<string, unknown>;
const rows = async <T = Row>(db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

function versoes(c: Row): DadosCadastrais['versoes'] {
  const v = (typeof c.versoes === 'string' ? JSON.parse(c.versoes) : c.versoes) as Partial<Record<string, number>>;
  return { contato: Number(c.versao_contato), telefones: v.telefones ?? 0, enderecos: v.enderecos ?? 0, socios: v.socios ?? 0, responsavel: v.responsavel ?? 0 };
}

/**
 * The registration shown by the detail screen: by CACEAL, or the person's latest registration.
 * Three queries (registration, then addresses and phones in parallel) whatever the size of the data — no N+1.
 */
export async function obterDadosCadastrais(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<DadosCadastrais | null> {
  const where = by.caceal !== undefined ? sql`c.numero_caceal = ${by.caceal}` : sql`c.numero_pessoa = ${by.numeroPessoa!}`;
  const [c] = await rows<Row>(
    db,
    sql`select c.*, p.numero_documento, p.nome, p.nome_fantasia, p.email, coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz,
      nj.id as nj_id, nj.codigo as nj_codigo, nj.descricao as nj_descricao, tc.descricao as tc_descricao, po.descricao as po_descricao,
      s.descricao as situacao, m.descricao as motivo, p.version as versao_contato,
      ${inicioEmpresaSql(sql`coalesce(p.numero_pessoa_raiz, p.numero_pessoa)`)} as inicio_empresa,
      -- Read with the registration, before its phones and addresses (a later change shows as stale, never the reverse).
      (select coalesce(json_object_agg(v.parte, v.version), '{}') from versao_compartilhada v
        where (v.numero_pessoa = p.numero_pessoa and v.parte in ('telefones', 'enderecos'))
          or (v.numero_pessoa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa) and v.parte in ('socios', 'responsavel'))) as versoes,
      (select coalesce(json_agg(json_build_object('id', f.id, 'descricao', f.descricao) order by f.id), '[]') from contribuinte_forma_atuacao x
        join ref_forma_atuacao f on f.id = x.forma_atuacao_id where x.contribuinte_id = c.id) as formas,
      (select coalesce(json_agg(json_build_object('id', u.id, 'descricao', u.descricao) order by u.id), '[]') from contribuinte_tipo_unidade x
        join ref_tipo_unidade u on u.id = x.tipo_unidade_id where x.contribuinte_id = c.id) as unidades
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    -- The legal nature is the legal entity's: a branch without its own shows its head office's.
    left join ref_natureza_juridica nj on nj.id = coalesce(p.natureza_juridica_id, (select r.natureza_juridica_id from pessoa r where r.numero_pessoa = p.numero_pessoa_raiz))
    join ref_tipo_contribuinte tc on tc.id = c.tipo_contribuinte_id
    left join ref_porte po on po.id = c.porte_id
    join ref_situacao_cadastral s on s.id = c.situacao_id
    left join ref_motivo_situacao m on m.id = c.motivo_id
    where ${where} order by c.id desc limit 1`,
  );
  if (!c) return null;
  const np = Number(c.numero_pessoa);
  const [porEndereco, porTelefone] = await Promise.all([enderecosDe(db, [np]), telefonesDe(db, [np])]);
  const enderecos = porEndereco.get(np) ?? [];
  const telefones = porTelefone.get(np) ?? [];
  const day = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));
  return {
    numeroPessoa: np,
    numeroPessoaRaiz: Number(c.raiz),
    numeroCaceal: Number(c.numero_caceal),
    version: Number(c.version),
    versoes: versoes(c),
    identificacao: {
      digitoCaceal: Number(c.digito_caceal),
      cnpj: String(c.numero_documento),
      razaoSocial: String(c.nome),
      nomeFantasia: (c.nome_fantasia as string | null) ?? null,
      naturezaJuridica: c.nj_id ? { id: Number(c.nj_id), codigoNaturezaJuridica: String(c.nj_codigo), descricao: String(c.nj_descricao) } : null,
      valorCapitalSocial: c.valor_capital_social === null ? null : String(c.valor_capital_social),
      dataInicioAtividade: day(c.data_inicio_atividade)!,
      inicioEmpresa: day(c.inicio_empresa)!,
      tipoContribuinte: { id: Number(c.tipo_contribuinte_id), descricao: String(c.tc_descricao) },
      porte: c.porte_id ? { id: Number(c.porte_id), descricao: String(c.po_descricao) } : null,
      indicadorMatriz: c.indicador_matriz === 'M' ? 'Matriz' : 'Filial',
      ehMei: Boolean(c.eh_mei),
      ehOptanteDoSimples: Boolean(c.eh_optante_simples),
      endereco: enderecos.find((e) => e.ehPrincipal) ?? null,
      enderecos,
      telefones,
      email: (c.email as string | null) ?? null,
    },
    sublimiteSN: (c.sublimite_excedido as boolean | null) ?? null,
    situacaoCadastral: {
      idSituacao: Number(c.situacao_id),
      situacaoCadastralContribuinte: String(c.situacao),
      situacaoCadastralPj: (c.situacao_pj as string | null) ?? null,
      descricaoMotivoSituacaoCadastral: (c.motivo as string | null) ?? null,
      dataSituacao: day(c.data_situacao)!,
    },
    processamentoDados: {
      opcaoLivroEletronico: (c.opcao_livro_eletronico as boolean | null) ?? null,
      dataAutorizacaoLivroEletronico: day(c.data_autorizacao_livro_eletronico),
      opcaoDocumentoEletronico: (c.opcao_documento_eletronico as boolean | null) ?? null,
      dataAutorizacaoDocumentoEletronico: day(c.data_autorizacao_documento_eletronico),
      opcaoLivrosFiscais: (c.opcao_livros_fiscais as boolean | null) ?? null,
      dataAutorizacaoLivrosFiscais: day(c.data_autorizacao_livros_fiscais),
      usoObrigatorioDoSped: (c.uso_obrigatorio_sped as boolean | null) ?? null,
    },
    formasAtuacao: (typeof c.formas === 'string' ? JSON.parse(c.formas) : c.formas) as { id: number; descricao: string }[],
    tipoUnidade: (typeof c.unidades === 'string' ? JSON.parse(c.unidades) : c.unidades) as { id: number; descricao: string }[],
  };
}
