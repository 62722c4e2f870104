import { sql } from 'drizzle-orm';
import { AuditMessage, AuditType, hojeEmMaceio, type Alteracao, type DadosCadastraisEdicao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { fieldProblem } from '../../platform/errors/problem.js';
import { arr, diffCampos, diffLista, simNao, texto, type Campos } from './evento-diff.js';

/** The registration an event changes, locked for the transaction (FOR UPDATE). */
export interface Registro {
  id: number;
  numeroCaceal: number;
  numeroPessoa: number;
  /** The head office's person: QSA and responsible live there. */
  raiz: number;
  raizCnpj: string | null;
  version: number;
}

export interface Aplicado {
  alteracoes: Alteracao[];
  portePropagado: number;
}

const bad = (campo: string, detail: string) => fieldProblem('dadosCadastrais', `dadosCadastrais.${campo}`, 'invalido', detail);

/** §4: an indicator off or unset clears its authorization date; on without a date gets today. */
function autorizacao(opcao: boolean | null, data: string | null): string | null {
  if (opcao !== true) return null;
  return data ?? hojeEmMaceio();
}

/**
 * The Dados Cadastrais block: identification and contact (on the person), processing indicators and
 * porte (on the registration; porte goes to every registration of the CNPJ root), formas de atuação,
 * tipos de unidade and phones (replaced by the list sent; a phone with `id` is one already stored).
 */
export async function aplicarDadosCadastrais(tx: DbOrTx, login: string, r: Registro, eventoId: number, b: DadosCadastraisEdicao): Promise<Aplicado> {
  type Atual = {
    nome_fantasia: string | null; email: string | null; porte_id: number | null; porte: string | null; valor_capital_social: string | null;
    opcao_livro_eletronico: boolean | null; data_autorizacao_livro_eletronico: string | null; opcao_documento_eletronico: boolean | null;
    data_autorizacao_documento_eletronico: string | null; opcao_livros_fiscais: boolean | null; data_autorizacao_livros_fiscais: string | null;
    uso_obrigatorio_sped: boolean | null;
  };
  const a = (await queryOne<Atual>(tx, sql`select p.nome_fantasia, p.email, c.porte_id, po.descricao as porte, c.valor_capital_social::text,
      c.opcao_livro_eletronico, c.data_autorizacao_livro_eletronico::text, c.opcao_documento_eletronico, c.data_autorizacao_documento_eletronico::text,
      c.opcao_livros_fiscais, c.data_autorizacao_livros_fiscais::text, c.uso_obrigatorio_sped
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa left join ref_porte po on po.id = c.porte_id where c.id = ${r.id}`))!;

  // Every reference must exist: a bad id is the client's error (400), never a foreign-key 500.
  const refs = await queryOne<{ porte: string | null; formas: { id: number; descricao: string }[]; unidades: { id: number; descricao: string }[]; tipos: number[]; fones: number[] }>(
    tx,
    sql`select (select descricao from ref_porte where id = ${b.porteId ?? 0}) as porte,
      (select coalesce(json_agg(json_build_object('id', id, 'descricao', descricao)), '[]') from ref_forma_atuacao where id = any(${arr(b.formasAtuacao)}::int[])) as formas,
      (select coalesce(json_agg(json_build_object('id', id, 'descricao', descricao)), '[]') from ref_tipo_unidade where id = any(${arr(b.tiposUnidade)}::int[])) as unidades,
      (select coalesce(json_agg(id), '[]') from ref_tipo_telefone where id = any(${arr(b.telefones.map((t) => t.codigoTipoTelefone))}::int[])) as tipos,
      (select coalesce(json_agg(id), '[]') from telefone where numero_pessoa = ${r.numeroPessoa}) as fones`,
  );
  if (b.porteId !== null && !refs?.porte) throw bad('porteId', 'Porte desconhecido.');
  if (refs!.formas.length !== b.formasAtuacao.length) throw bad('formasAtuacao', 'Forma de atuação desconhecida.');
  if (refs!.unidades.length !== b.tiposUnidade.length) throw bad('tiposUnidade', 'Tipo de unidade desconhecido.');
  const tipos = new Set(refs!.tipos.map(Number));
  const fones = new Set(refs!.fones.map(Number));
  b.telefones.forEach((t, i) => {
    if (!tipos.has(t.codigoTipoTelefone)) throw bad(`telefones.${i}.codigoTipoTelefone`, 'Tipo de telefone desconhecido.');
    if (t.id !== undefined && !fones.has(t.id)) throw bad(`telefones.${i}.id`, 'Telefone de outra pessoa.');
  });

  const p = b.processamentoDados;
  const novo = {
    nomeFantasia: b.nomeFantasia || null,
    email: b.email || null,
    livro: autorizacao(p.opcaoLivroEletronico, p.dataAutorizacaoLivroEletronico),
    documento: autorizacao(p.opcaoDocumentoEletronico, p.dataAutorizacaoDocumentoEletronico),
    fiscais: autorizacao(p.opcaoLivrosFiscais, p.dataAutorizacaoLivrosFiscais),
  };
  const antes: Campos = {
    nomeFantasia: texto(a.nome_fantasia), email: texto(a.email), porte: texto(a.porte), valorCapitalSocial: texto(a.valor_capital_social),
    opcaoLivroEletronico: simNao(a.opcao_livro_eletronico), dataAutorizacaoLivroEletronico: texto(a.data_autorizacao_livro_eletronico),
    opcaoDocumentoEletronico: simNao(a.opcao_documento_eletronico), dataAutorizacaoDocumentoEletronico: texto(a.data_autorizacao_documento_eletronico),
    opcaoLivrosFiscais: simNao(a.opcao_livros_fiscais), dataAutorizacaoLivrosFiscais: texto(a.data_autorizacao_livros_fiscais),
    usoObrigatorioDoSped: simNao(a.uso_obrigatorio_sped),
  };
  const depois: Campos = {
    nomeFantasia: texto(novo.nomeFantasia), email: texto(novo.email), porte: texto(refs?.porte), valorCapitalSocial: texto(b.valorCapitalSocial && Number(b.valorCapitalSocial).toFixed(2)),
    opcaoLivroEletronico: simNao(p.opcaoLivroEletronico), dataAutorizacaoLivroEletronico: novo.livro,
    opcaoDocumentoEletronico: simNao(p.opcaoDocumentoEletronico), dataAutorizacaoDocumentoEletronico: novo.documento,
    opcaoLivrosFiscais: simNao(p.opcaoLivrosFiscais), dataAutorizacaoLivrosFiscais: novo.fiscais,
    usoObrigatorioDoSped: simNao(p.usoObrigatorioDoSped),
  };
  const alteracoes = diffCampos('dadosCadastrais', '', null, antes, depois);

  if (antes.nomeFantasia !== depois.nomeFantasia || antes.email !== depois.email) {
    // The person page guards its own edits with the person's version: it changes too.
    await tx.execute(sql`update pessoa set nome_fantasia = ${novo.nomeFantasia}, email = ${novo.email}, version = version + 1, updated_at = now()
      where numero_pessoa = ${r.numeroPessoa}`);
  }
  // A MEI is porte 3 (§9): another porte ends the MEI flag (the table's check says so too).
  await tx.execute(sql`update contribuinte set porte_id = ${b.porteId}, eh_mei = eh_mei and ${b.porteId ?? 0} = 3, valor_capital_social = ${b.valorCapitalSocial},
      opcao_livro_eletronico = ${p.opcaoLivroEletronico}, data_autorizacao_livro_eletronico = ${novo.livro},
      opcao_documento_eletronico = ${p.opcaoDocumentoEletronico}, data_autorizacao_documento_eletronico = ${novo.documento},
      opcao_livros_fiscais = ${p.opcaoLivrosFiscais}, data_autorizacao_livros_fiscais = ${novo.fiscais}, uso_obrigatorio_sped = ${p.usoObrigatorioDoSped}
    where id = ${r.id}`);

  let portePropagado = 0;
  if (a.porte_id !== b.porteId && b.porteId !== null && r.raizCnpj) portePropagado = await propagarPorte(tx, login, r, eventoId, b.porteId);

  // Formas de atuação and tipos de unidade: the sets sent replace the stored ones (a removal marks deleted on screen).
  const formasAntes = await query<{ id: number; descricao: string }>(tx, sql`select f.id, f.descricao from contribuinte_forma_atuacao x
    join ref_forma_atuacao f on f.id = x.forma_atuacao_id where x.contribuinte_id = ${r.id}`);
  const unidadesAntes = await query<{ id: number; descricao: string }>(tx, sql`select u.id, u.descricao from contribuinte_tipo_unidade x
    join ref_tipo_unidade u on u.id = x.tipo_unidade_id where x.contribuinte_id = ${r.id}`);
  const conjunto = (l: { id: number; descricao: string }[]) => new Map(l.map((f) => [String(f.id), { descricao: f.descricao }]));
  alteracoes.push(...diffLista('dadosCadastrais', 'formaAtuacao', conjunto(formasAntes), conjunto(refs!.formas)));
  alteracoes.push(...diffLista('dadosCadastrais', 'tipoUnidade', conjunto(unidadesAntes), conjunto(refs!.unidades)));
  await tx.execute(sql`delete from contribuinte_forma_atuacao where contribuinte_id = ${r.id} and forma_atuacao_id <> all(${arr(b.formasAtuacao)}::int[])`);
  await tx.execute(sql`insert into contribuinte_forma_atuacao (contribuinte_id, forma_atuacao_id) select ${r.id}, x from unnest(${arr(b.formasAtuacao)}::int[]) x on conflict do nothing`);
  await tx.execute(sql`delete from contribuinte_tipo_unidade where contribuinte_id = ${r.id} and tipo_unidade_id <> all(${arr(b.tiposUnidade)}::int[])`);
  await tx.execute(sql`insert into contribuinte_tipo_unidade (contribuinte_id, tipo_unidade_id) select ${r.id}, x from unnest(${arr(b.tiposUnidade)}::int[]) x on conflict do nothing`);

  alteracoes.push(...(await aplicarTelefones(tx, r.numeroPessoa, b.telefones)));
  if (b.enderecos) alteracoes.push(...(await aplicarEnderecos(tx, r.numeroPessoa, b.enderecos)));
  return { alteracoes, portePropagado };
}

/** §5 phones: the list replaces the person's phones; a kept one may change type, DDD or number. */
async function aplicarTelefones(tx: DbOrTx, numeroPessoa: number, telefones: DadosCadastraisEdicao['telefones']): Promise<Alteracao[]> {
  const atuais = await query<{ id: number; tipo_telefone_id: number; tipo: string; ddd: string; numero: string }>(tx, sql`select t.id, t.tipo_telefone_id, tt.descricao as tipo, t.ddd, t.numero
    from telefone t join ref_tipo_telefone tt on tt.id = t.tipo_telefone_id where t.numero_pessoa = ${numeroPessoa}`);
  const tiposDesc = new Map((await query<{ id: number; descricao: string }>(tx, sql`select id, descricao from ref_tipo_telefone`)).map((t) => [Number(t.id), t.descricao]));
  const chave = (ddd: string, numero: string) => `(${ddd}) ${numero}`;
  const antes = new Map(atuais.map((t) => [String(t.id), { k: chave(t.ddd, t.numero), c: { tipo: t.tipo, ddd: t.ddd, numero: t.numero } as Campos }]));
  const mantidos = new Set(telefones.filter((t) => t.id !== undefined).map((t) => String(t.id)));
  const alteracoes: Alteracao[] = [];
  for (const [id, t] of antes) {
    if (!mantidos.has(id)) alteracoes.push({ aba: 'dadosCadastrais', campo: 'telefone', chave: t.k, antes: `${t.c.tipo} ${t.k}`, depois: null });
  }
  await tx.execute(sql`delete from telefone where numero_pessoa = ${numeroPessoa} and id <> all(${arr([...mantidos].map(Number))}::bigint[])`);
  for (const t of telefones) {
    const tipo = tiposDesc.get(t.codigoTipoTelefone) ?? null;
    if (t.id === undefined) {
      await tx.execute(sql`insert into telefone (numero_pessoa, tipo_telefone_id, ddd, numero) values (${numeroPessoa}, ${t.codigoTipoTelefone}, ${t.ddd}, ${t.numeroTelefone})`);
      alteracoes.push({ aba: 'dadosCadastrais', campo: 'telefone', chave: chave(t.ddd, t.numeroTelefone), antes: null, depois: `${tipo} ${chave(t.ddd, t.numeroTelefone)}` });
    } else {
      const a = antes.get(String(t.id))!;
      const d: Campos = { tipo, ddd: t.ddd, numero: t.numeroTelefone };
      const dif = diffCampos('dadosCadastrais', 'telefone', a.k, a.c, d);
      if (dif.length) {
        await tx.execute(sql`update telefone set tipo_telefone_id = ${t.codigoTipoTelefone}, ddd = ${t.ddd}, numero = ${t.numeroTelefone} where id = ${t.id}`);
        alteracoes.push(...dif);
      }
    }
  }
  return alteracoes;
}

/**
 * §4: a new porte goes to every registration of the same CNPJ root, in the same transaction, with an
 * audit row each (one statement whatever their number). Their versions change: a screen open on one
 * of them gets 409 instead of overwriting the new porte.
 */
async function propagarPorte(tx: DbOrTx, login: string, r: Registro, eventoId: number, porteId: number): Promise<number> {
  const feitos = await query<{ id: number }>(
    tx,
    sql`with alvo as (
        select c.id, c.porte_id from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
        where p.raiz_cnpj = ${r.raizCnpj} and c.id <> ${r.id} and c.porte_id is distinct from ${porteId} for update of c),
      mudou as (
        update contribuinte c set porte_id = ${porteId}, eh_mei = c.eh_mei and ${porteId} = 3, version = c.version + 1, updated_at = now()
        from alvo where c.id = alvo.id returning c.id, alvo.porte_id as antes)
      insert into evento_auditoria (principal, event_type, entity, entity_id, data, before, after)
      select ${login}, ${AuditType.ENTITY_UPDATED}, 'Contribuinte', mudou.id::text,
        jsonb_build_object('message', ${AuditMessage.PORTE_PROPAGATED}::text, 'evento', ${String(eventoId)}::text),
        jsonb_build_object('porteId', mudou.antes), jsonb_build_object('porteId', ${porteId}::int)
      from mudou returning entity_id as id`,
  );
  return feitos.length;
}

type EnderecoLido = { id: number; tipo: string; eh_principal: boolean; pais: string; uf: string | null; municipio: string | null; tipo_logradouro: string | null;
  logradouro: string; numero: string | null; complemento: string | null; bairro: string | null; cep: string | null; referencia: string | null;
  endereco_eletronico: string | null; latitude: string | null; longitude: string | null };
const camposEndereco = (e: EnderecoLido): Campos => ({
  tipo: e.tipo, principal: simNao(e.eh_principal), pais: e.pais, uf: texto(e.uf), municipio: texto(e.municipio), tipoLogradouro: texto(e.tipo_logradouro),
  logradouro: e.logradouro, numero: texto(e.numero), complemento: texto(e.complemento), bairro: texto(e.bairro), cep: texto(e.cep),
  referencia: texto(e.referencia), enderecoEletronico: texto(e.endereco_eletronico), latitude: texto(e.latitude && Number(e.latitude).toFixed(6)),
  longitude: texto(e.longitude && Number(e.longitude).toFixed(6)),
});
const lerEnderecos = (tx: DbOrTx, numeroPessoa: number) => query<EnderecoLido>(tx, sql`select e.id, te.descricao as tipo, e.eh_principal, pa.nome as pais, e.uf,
    mu.nome as municipio, tl.descricao as tipo_logradouro, e.logradouro, e.numero, e.complemento, e.bairro, e.cep, e.referencia, e.endereco_eletronico,
    e.latitude::text, e.longitude::text
  from endereco e join ref_tipo_endereco te on te.id = e.tipo_endereco_id join ref_pais pa on pa.id = e.pais_id
  left join ref_municipio mu on mu.id = e.municipio_id left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id where e.numero_pessoa = ${numeroPessoa}`);

/** §2 addresses: the list replaces the person's; every reference must exist and the município be of the UF. */
async function aplicarEnderecos(tx: DbOrTx, numeroPessoa: number, lista: NonNullable<DadosCadastraisEdicao['enderecos']>): Promise<Alteracao[]> {
  const antes = await lerEnderecos(tx, numeroPessoa);
  const ids = new Set(antes.map((e) => Number(e.id)));
  for (const [i, e] of lista.entries()) {
    const ok = await queryOne<{ tipo: boolean; pais: boolean; uf: boolean; municipio: boolean; logradouro: boolean }>(tx, sql`select
      exists (select 1 from ref_tipo_endereco where id = ${e.tipoEnderecoId}) as tipo, exists (select 1 from ref_pais where id = ${e.paisId}) as pais,
      (${e.uf}::text is null or exists (select 1 from ref_uf where sigla = ${e.uf})) as uf,
      (${e.municipioId}::int is null or exists (select 1 from ref_municipio where id = ${e.municipioId} and uf = ${e.uf})) as municipio,
      (${e.tipoLogradouroId}::int is null or exists (select 1 from ref_tipo_logradouro where id = ${e.tipoLogradouroId})) as logradouro`);
    for (const [campo, valido] of [['tipoEnderecoId', ok!.tipo], ['paisId', ok!.pais], ['uf', ok!.uf], ['municipioId', ok!.municipio], ['tipoLogradouroId', ok!.logradouro]] as const) {
      if (!valido) throw bad(`enderecos.${i}.${campo}`, 'Valor desconhecido.');
    }
    if (e.id !== undefined && !ids.has(e.id)) throw bad(`enderecos.${i}.id`, 'Endereço de outra pessoa.');
  }
  const mantidos = lista.filter((e) => e.id !== undefined).map((e) => e.id!);
  await tx.execute(sql`delete from endereco where numero_pessoa = ${numeroPessoa} and id <> all(${arr(mantidos)}::bigint[])`);
  // One principal per person at every moment: clear the flag before setting it anywhere.
  await tx.execute(sql`update endereco set eh_principal = false where numero_pessoa = ${numeroPessoa} and eh_principal`);
  for (const e of lista) {
    const v = sql`${e.tipoEnderecoId}, ${e.ehPrincipal}, ${e.paisId}, ${e.uf}, ${e.municipioId}, ${e.tipoLogradouroId}, ${e.logradouro}, ${e.numero || null},
      ${e.complemento || null}, ${e.bairro || null}, ${e.cep}, ${e.referencia || null}, ${e.enderecoEletronico || null}, ${e.latitude}, ${e.longitude}`;
    if (e.id === undefined) {
      await tx.execute(sql`insert into endereco (numero_pessoa, tipo_endereco_id, eh_principal, pais_id, uf, municipio_id, tipo_logradouro_id, logradouro, numero,
        complemento, bairro, cep, referencia, endereco_eletronico, latitude, longitude) values (${numeroPessoa}, ${v})`);
    } else {
      await tx.execute(sql`update endereco set (tipo_endereco_id, eh_principal, pais_id, uf, municipio_id, tipo_logradouro_id, logradouro, numero,
        complemento, bairro, cep, referencia, endereco_eletronico, latitude, longitude) = (${v}), version = version + 1, updated_at = now() where id = ${e.id}`);
    }
  }
  const depois = await lerEnderecos(tx, numeroPessoa);
  const mapa = (l: EnderecoLido[]) => new Map(l.map((e) => [String(e.id), camposEndereco(e)]));
  return diffLista('dadosCadastrais', 'endereco', mapa(antes), mapa(depois));
}
