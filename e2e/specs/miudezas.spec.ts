import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatCaceal, formatCrcContador } from '@cadastro/domain';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { abrirRegistroAtivo, contadorNovo } from '../support/sujeitos';

/** Issue 40 §7: the smaller things a clerk sees. */
const api = '/sfz-cadastro-api/api';

/** The lines a text occupies on screen, counted from its own boxes (one per line fragment). */
const linhasDe = (page: Page, texto: string) => page.getByText(texto, { exact: true }).first().evaluate((el) => {
  const r = document.createRange();
  r.selectNodeContents(el);
  return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
});

test('a 10,000-row CACEAL list: Adicionar answers with a page of rows, the total, and the invalid rows on their own', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/#/edital/cadastro');
  await signIn(page, 'editais');
  await expect(page.getByRole('heading', { name: 'Cadastro de Edital' })).toBeVisible();
  await page.getByTestId('edital-incluir-lista').click();
  const dialogo = page.getByRole('dialog', { name: 'Lista de CACEAL' });
  // 10,000 CACEALs of the right form (type 0), most of them unknown to the registry: red, checked by the server.
  const colado = Array.from({ length: 10_000 }, (_, i) => `240${String(i).padStart(5, '0')}`).join('\n');
  // Pasted at once, as from a spreadsheet (typing 90 kB through fill() is not what a clerk does).
  const t0 = Date.now();
  await dialogo.getByTestId('lista-caceal-texto').evaluate((el, texto) => {
    const area = el as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, texto);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, colado);
  await expect(dialogo.getByTestId('lista-caceal-adicionar')).toBeEnabled();
  console.log(`paste of 10,000 lines: ${Date.now() - t0} ms`);
  // The main thread's long tasks from the click on (the old dialog drew all 10,000 rows at once: 4.3 s).
  await page.evaluate(() => {
    const w = window as unknown as { tarefas: number[] };
    w.tarefas = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.tarefas.push(e.duration); }).observe({ type: 'longtask' });
  });
  await dialogo.getByTestId('lista-caceal-adicionar').click();
  await expect(dialogo.getByTestId('lista-caceal-total')).toHaveText('10.000 linha(s) na lista', { timeout: 60_000 });
  await expect(dialogo.getByText('Verificando os CACEAL no cadastro…')).toHaveCount(0);
  const maior = await page.evaluate(() => Math.max(0, ...(window as unknown as { tarefas: number[] }).tarefas));
  console.log(`longest main-thread task after Adicionar (10,000 rows): ${Math.round(maior)} ms`);
  // A page of rows in the document, not 10,000; the pager reaches the rest.
  const linhas = dialogo.getByTestId('lista-caceal-linhas').locator('tbody tr');
  await expect(linhas).toHaveCount(50);
  await expect(linhas.first()).toContainText(formatCaceal(24000000));
  await dialogo.getByRole('button', { name: 'Próxima página' }).click();
  await expect(linhas.first()).toContainText(formatCaceal(24000050));
  // The invalid ones alone, the first of them removable from there.
  const invalidas = Number((await dialogo.getByText(/linha\(s\) inválida\(s\)/).textContent())!.match(/^([\d.]+)/)![1]!.replace(/\./g, ''));
  expect(invalidas).toBeGreaterThan(0);
  await dialogo.getByRole('switch', { name: 'Mostrar só as inválidas' }).check({ force: true });
  await expect(dialogo.locator('tr[data-invalida="true"]')).toHaveCount(Math.min(50, invalidas));
  await expect(linhas).toHaveCount(Math.min(50, invalidas));
  await page.screenshot({ path: test.info().outputPath('lista-caceal.png') });
});

test('Retrato do cadastro: every slice and bar carries its count (pt-BR), the table its share', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  const situacoes = page.getByTestId('panorama-situacoes');
  await situacoes.getByText('Ver os dados em tabela').click();
  const tabela = situacoes.getByRole('table');
  const linhas = await tabela.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent!.trim())));
  const total = linhas.reduce((a, l) => a + Number(l[1]!.replace(/\./g, '')), 0);
  expect(total).toBeGreaterThan(1000);
  const legenda = situacoes.getByTestId('panorama-legenda');
  for (const [rotulo, quantidade, parte] of linhas) {
    const n = Number(quantidade!.replace(/\./g, ''));
    if (!n) continue;
    const esperado = (n / total).toLocaleString('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
    expect(parte).toBe(esperado);
    await expect(legenda).toContainText(`${rotulo}: ${n.toLocaleString('pt-BR')} (${esperado})`);
  }
  // Bars labelled with their value, in pt-BR digits.
  const rotulos = page.getByTestId('panorama-meses').locator('.recharts-label-list text');
  await expect(rotulos.first()).toBeVisible();
  expect((await rotulos.allTextContents()).every((x) => /^\d{1,3}(\.\d{3})*$/.test(x.trim()))).toBe(true);
  await expect(page.getByTestId('panorama-pendencias').locator('.recharts-label-list text').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("the re-registration form opens with the accountant's data on record, not empty", async ({ page, request }) => {
  const c = await contadorNovo(request, { min: 1 });
  // What the server offers to start from (the registry's data of the accountant's person).
  const eu = await apiAs(request, c.login);
  const area = (await (await request.post(`${api}/contador/autenticado`, { headers: eu.headers, data: { crc: c.crc, classificacao: 1 } })).json()) as {
    recadastro: { ddd: string; numeroTelefone: string; endereco: { logradouro: string; numero: string; bairro: string; cep: string; municipio: string } };
  };
  expect(area.recadastro.endereco.logradouro).not.toBe('');
  await page.goto('/#/manifestacao-contador/contador');
  await signIn(page, c.login);
  await page.getByRole('textbox', { name: 'CRC' }).fill(c.crc);
  await page.getByRole('combobox', { name: 'Classificação' }).click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  const modal = page.getByRole('dialog', { name: 'Recadastro - Contabilista' });
  await expect(modal).toBeVisible();
  const e = area.recadastro.endereco;
  await expect(modal.getByRole('textbox', { name: 'Logradouro' })).toHaveValue(e.logradouro);
  await expect(modal.getByRole('textbox', { name: 'Número' })).toHaveValue(e.numero);
  await expect(modal.getByRole('textbox', { name: 'Bairro' })).toHaveValue(e.bairro);
  await expect(modal.getByRole('textbox', { name: 'CEP' })).toHaveValue(e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2'));
  await expect(modal.getByRole('textbox', { name: 'Telefone' })).toHaveValue(area.recadastro.numeroTelefone);
  if (e.municipio) await expect(modal.getByRole('combobox', { name: 'Município' })).toHaveValue(e.municipio);
});

/** A company of its own with phones and no accountant role, found through the API as a clerk would. */
async function empresaSemCrcComTelefone(request: APIRequestContext) {
  const { headers } = await apiAs(request, 'auditor');
  for (let pagina = 0; pagina < 5; pagina++) {
    const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${pagina}/50`, { headers })).json()).content as { cnpj: string }[];
    for (const c of lista) {
      const r = await request.get(`${api}/pessoa/consultar-pessoa-juridica/${c.cnpj}`, { headers });
      if (!r.ok()) continue;
      const p = (await r.json()) as { dadosContabilista: unknown; identificacaoPessoaJuridica: { telefones: { ddd: string; numeroTelefone: string }[] } };
      if (!p.dadosContabilista && p.identificacaoPessoaJuridica.telefones.length) return { cnpj: c.cnpj, telefones: p.identificacaoPessoaJuridica.telefones };
    }
  }
  throw new Error('no company with phones and without an accountant role in the seed');
}

test('legal-entity person page: no empty accountant form for a company that is no accountant; phones written (82) 3333-4444', async ({ page, request }) => {
  const pj = await empresaSemCrcComTelefone(request);
  await page.goto(`/#/pessoa-juridica/${pj.cnpj}`);
  await signIn(page, 'auditor');
  const bloco = page.getByTestId('bloco-contador');
  await expect(bloco.getByTestId('contador-vazio')).toContainText('Esta empresa não é contador');
  await expect(bloco.getByRole('textbox', { name: 'Número do CRC' })).toHaveCount(0);
  const contato = page.getByTestId('bloco-contato');
  for (const f of pj.telefones) {
    const escrito = `(${f.ddd}) ${f.numeroTelefone.slice(0, -4)}-${f.numeroTelefone.slice(-4)}`;
    await expect(contato.getByRole('cell', { name: escrito, exact: true })).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Asked for, the CRC form opens (the supertela may register the company as an accountant).
  await bloco.getByRole('button', { name: 'Cadastrar dados de contador' }).click();
  await expect(bloco.getByRole('textbox', { name: 'Número do CRC' })).toBeVisible();
});

test('the timeline names the author: the person, the login after it', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('FANTASIA DO AUTOR');
  await page.getByTestId('salvar-evento').click();
  const dialogo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await dialogo.getByRole('textbox', { name: 'Processo' }).fill('E2E-AUTOR/2026');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  const aviso = page.getByRole('dialog', { name: 'Aviso' });
  await aviso.getByRole('button', { name: 'Continuar' }).click();
  await page.reload();
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const evento = page.getByTestId('evento').first();
  await expect(evento).toContainText('Processo E2E-AUTOR/2026');
  await expect(evento.getByTestId('evento-autor')).toHaveText(/^Paulo Auditor Fiscal \(auditor\) em \d\d\/\d\d\/\d\d \d\d:\d\d$/);
});

test("the accountant area: its own title; CACEALs whole in the accountant's lists", async ({ page, request }) => {
  const c = await contadorNovo(request, { min: 1 });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/manifestacao-contador/contador');
  await signIn(page, c.login);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Área do Contador: confirme seu CRC');
  await expect(page).toHaveTitle(/Área do Contador/);
  // Nova Manifestação, narrow: every CACEAL on one line.
  await page.goto(`/#/manifestacao-contador/manifestacao?crc=${c.crc}&classificacao=1&modo=nova`);
  await expect(page.getByText(formatCaceal(c.empresas[0]!.numeroCaceal), { exact: true }).first()).toBeVisible();
  const textos = (await page.getByRole('cell').allInnerTexts()).map((x) => x.trim()).filter((x) => /^\d{8}-\d$/.test(x));
  expect(textos.length).toBeGreaterThan(0);
  for (const t of textos.slice(0, 5)) expect(await linhasDe(page, t), t).toBe(1);
  // Its filter field fits the screen (a fixed 360 px pushed the page sideways).
  const filtro = (await page.getByTestId('filtro-empresas').boundingBox())!;
  expect(filtro.x + filtro.width).toBeLessThanOrEqual(375);
});

test("an accountant's person page writes the CRC as the council does, in one field", async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  const cacealDoContador = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers: (await apiAs(request, 'contador')).headers, data: {} })).json())[0].numeroCaceal as number;
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${cacealDoContador}`, { headers })).json()) as {
    numeroDocumento: string; codigoUfCrc: string; numeroCrc: string; codigoTipoInscricao: string | null; digitoVerificadorCrc: number | null;
  };
  const doc = k.numeroDocumento.replace(/\D/g, '');
  expect(doc, 'the demo accountant is an individual').toHaveLength(11);
  await page.goto(`/#/pessoa/${doc}`);
  await signIn(page, 'auditor');
  const bloco = page.getByTestId('bloco-contador');
  await expect(bloco).toContainText(formatCrcContador(k));
  await expect(bloco).toContainText(/CRC-[A-Z]{2} \d{6}/);
});

test('a staff account on the accountant\'s statements is told what the screen is for and where to look, never a 404', async ({ page }) => {
  await page.goto('/#/manifestacao-contador/manifestacao');
  await signIn(page, 'auditor');
  const aviso = page.getByTestId('so-contador');
  await expect(aviso).toContainText('Consulta do Fazendário');
  await expect(page).toHaveURL(/#\/manifestacao-contador\/manifestacao$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Ir para a Consulta do Fazendário' }).click();
  await expect(page.getByRole('heading', { name: 'Consulta do Fazendário' })).toBeVisible();
});

test('the REDESIM status ACATADO COM SUCESSO reads with AA contrast (axe)', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  let alvo: { numeroPessoa: number; numeroCaceal: number } | undefined;
  for (let pagina = 0; pagina < 10 && !alvo; pagina++) {
    const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${pagina}/100`, { headers })).json()).content as { numeroPessoa: number; numeroCaceal: number; cnpj: string }[];
    for (const c of lista) {
      const s = (await (await request.get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}`, { headers })).json()) as { rds: { dscTipoStatusProcessamento: string }[] };
      if (s.rds.some((r) => r.dscTipoStatusProcessamento === 'ACATADO COM SUCESSO')) { alvo = c; break; }
    }
  }
  expect(alvo, 'a company with an ACATADO COM SUCESSO request in the seed').toBeDefined();
  await page.goto(`/#/contribuinte/${alvo!.numeroCaceal}/${alvo!.numeroPessoa}`);
  await signIn(page, 'atendente');
  await page.getByRole('tab', { name: 'Solicitações' }).click();
  const selo = page.getByTestId('status-solicitacao').filter({ hasText: 'ACATADO COM SUCESSO' }).first();
  await expect(selo).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
