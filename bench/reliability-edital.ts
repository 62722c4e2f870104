// Reliability phase D (docs/performance.md, "Reliability"): a BAIXA DE OFÍCIO notice confirmed on
// PostgreSQL while clerks change the statuses of the very companies it cites. A notice is a legal
// act: every linked registration must end either changed by it (a status-history row naming the
// notice) or listed in the answer with its status — none skipped. Clerks' changes that meet the
// publication must get 409 (stale screen) or wait, never a 500.
import type pg from 'pg';
import { iniciarCarga, resumir, type Resumo } from './carga.js';
import { cabecalhosDe } from './entrar.js';

export interface ResultadoEdital {
  vinculados: number;
  alterados: number;
  listados: number;
  ignorados: number;
  publicacaoMs: number;
  escritas: Resumo;
  porStatus: Record<string, number>;
  texto: string[];
}

const api = '/sfz-cadastro-api/api';

async function postar(base: string, cab: Record<string, string>, caminho: string, corpo: unknown) {
  const r = await fetch(`${base}${api}${caminho}`, { method: 'POST', headers: { ...cab, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  const texto = await r.text();
  if (r.status !== 200) throw new Error(`${caminho} → ${r.status} ${texto.slice(0, 200)}`);
  return JSON.parse(texto) as unknown;
}

export async function faseEdital(base: string, banco: pg.Client, opts: { vinculados: number; escritores: number; segundos: number }): Promise<ResultadoEdital> {
  const editais = await cabecalhosDe(base, 'editais');
  const auditor = await cabecalhosDe(base, 'auditor');
  const responsavel = Number((await banco.query(`select numero_pessoa from usuario where login = 'editais'`)).rows[0]!.numero_pessoa);
  // Companies with one registration, ATIVO or SUSPENSO (BAIXA DE OFÍCIO applies from both; the clerks
  // flip them between the two, and void some, while the notice is published).
  const empresas = (await banco.query(`select p.numero_pessoa, min(c.numero_caceal) as caceal from pessoa p join contribuinte c using (numero_pessoa)
    where p.tipo = 'J' group by p.numero_pessoa having count(*) = 1 and bool_and(c.situacao_id in (1, 2))
    order by md5(p.numero_pessoa::text || 'edital') limit ${opts.vinculados}`)).rows.map((x) => ({ pessoa: Number(x.numero_pessoa), caceal: Number(x.caceal) }));
  const cad = (await postar(base, editais, '/edital/cadastro', {
    tituloEdital: 'EDITAL DE BAIXA DE OFÍCIO (BENCH)', idTipoEdital: 3, texto: 'Torna pública a baixa de ofício dos contribuintes relacionados.',
    numeroPessoaResponsavel: responsavel, idSituacaoCadastralFutura: 4, motivos: [402], vinculados: empresas.map((e) => ({ numeroCaceal: e.caceal })),
  })) as { edital: { id: number } };
  const id = cad.edital.id;
  await postar(base, editais, '/edital/assinatura', { id });

  // The clerks: each owns a slice of the cited companies and, like the status screen, reads one with
  // its versions and sends the flip.
  const fatias = Array.from({ length: opts.escritores }, (_, w) => ({ i: 0, proprias: empresas.filter((_e, k) => k % opts.escritores === w), pendente: undefined as unknown }));
  const escrita = iniciarCarga({
    base, usuarios: opts.escritores, duracaoMs: opts.segundos * 1000, cabecalhos: () => auditor,
    proximo: (w) => {
      const s = fatias[w]!;
      if (!s.pendente) return { metodo: 'GET', caminho: `${api}/contribuinte/situacaoPessoa/${s.proprias[s.i % s.proprias.length]!.pessoa}`, rotulo: 'ler' };
      return { metodo: 'POST', caminho: `${api}/contribuinte/alterarSituacaoPessoa`, rotulo: 'escrita', corpo: s.pendente };
    },
    aoResponder: (w, pedido, r) => {
      const s = fatias[w]!;
      if (pedido.rotulo === 'escrita') {
        s.pendente = undefined;
        s.i++;
        return;
      }
      if (r?.status !== 200) return void s.i++;
      const c = JSON.parse(r.corpo.toString('utf8')) as { numeroPessoa: number; contribuintes: { numeroCaceal: number; idSituacao: number; version: number }[] };
      const x = c.contribuintes[0]!;
      if (![1, 2].includes(x.idSituacao)) return void s.i++; // closed by the notice already
      // One change in ten voids the registration (NULO, "em duplicidade"): the notice cannot apply to
      // it any more and must list it.
      const anula = s.i % 10 === 9;
      s.pendente = {
        numeroPessoa: c.numeroPessoa, sequencialSituacaoPessoa: anula ? 5 : x.idSituacao === 1 ? 2 : 1, sequencialMotivoPessoa: anula ? 501 : x.idSituacao === 1 ? 202 : 103,
        versoes: [{ numeroCaceal: x.numeroCaceal, version: x.version }],
      };
    },
  });
  await new Promise((r) => setTimeout(r, Math.min(2_000, (opts.segundos * 1000) / 3)));
  const t0 = performance.now();
  const res = (await postar(base, editais, '/edital', { id, dataPublicacao: new Date().toISOString().slice(0, 10) })) as { alterados: number; inalterados: number[] };
  const publicacaoMs = performance.now() - t0;
  await escrita.fim;

  const alterados = new Set((await banco.query(`select c.numero_caceal from historico_situacao h join contribuinte c on c.id = h.contribuinte_id where h.edital_id = $1`, [id])).rows.map((x) => Number(x.numero_caceal)));
  const listados = new Set(res.inalterados);
  const ignorados = empresas.filter((e) => !alterados.has(e.caceal) && !listados.has(e.caceal)).length;
  const escritas = escrita.eventos.filter((e) => e.rotulo === 'escrita');
  const porStatus = escritas.reduce<Record<string, number>>((o, e) => ((o[String(e.status || e.erro)] = (o[String(e.status || e.erro)] ?? 0) + 1), o), {});
  const r = resumir(escritas, opts.segundos);
  const texto = [
    `   notice of ${empresas.length} registrations confirmed in ${(publicacaoMs / 1000).toFixed(2)} s while ${opts.escritores} clerks changed their statuses:` +
      ` changed by the notice ${alterados.size} (answer: ${res.alterados}), listed unchanged ${listados.size}, skipped ${ignorados}`,
    `   clerks' status changes: ${Object.entries(porStatus).map(([k, v]) => `${k}: ${v}`).join(', ')} (409 = the screen was stale; 400 = the notice had closed the company)`,
  ];
  return { vinculados: empresas.length, alterados: alterados.size, listados: listados.size, ignorados, publicacaoMs, escritas: r, porStatus, texto };
}
