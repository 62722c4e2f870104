import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { segurar } from '../support/segurar';

const api = '/sfz-cadastro-api/api';

type Rota = { path: string; authorities?: readonly string[] };

/**
 * The SPA's own route table (apps/web/src/app/routes.tsx), so a screen added there is checked here without
 * anyone remembering to. Imported by a computed name: the e2e type check must not follow the pages it lazy-loads.
 */
async function rotasDoRouter(): Promise<readonly Rota[]> {
  const arquivo = pathToFileURL(path.resolve(import.meta.dirname, '../../apps/web/src/app/routes.tsx')).href;
  return ((await import(arquivo)) as { ROUTES: readonly Rota[] }).ROUTES;
}

/** The demo accounts (apps/api/src/seed/demo-accounts.ts) in the order a route is given to: the first that may open it. */
const CONTAS = ['auditor', 'admin', 'editais', 'apoio-contador', 'contador', 'contribuinte'] as const;
type Conta = (typeof CONTAS)[number] | 'anonimo';

let lidos: Promise<Record<string, string>> | undefined;
/** What each route parameter stands for, read once from the seed through the API as a clerk would find it. */
const parametros = (request: APIRequestContext) => (lidos ??= lerParametros(request));

async function lerParametros(request: APIRequestContext): Promise<Record<string, string>> {
  const { headers } = await apiAs(request, 'auditor');
  const get = async (url: string) => (await request.get(`${api}${url}`, { headers })).json();
  const lista = (await get('/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/40')).content as
    { numeroPessoa: number; numeroCaceal: number | null; situacaoCadastral: string | null; cnpj: string }[];
  const empresa = lista.find((x) => x.numeroCaceal && x.situacaoCadastral === 'ATIVO' && x.cnpj.length === 14)!;
  let cpf: string | undefined;
  let protocolo: string | undefined;
  for (const e of lista) {
    cpf ??= ((await get(`/contribuinte/obterSocios/${e.numeroPessoa}`)) as { numeroDocumentoSocio: string }[]).find((s) => s.numeroDocumentoSocio.length === 11)?.numeroDocumentoSocio;
    protocolo ??= ((await get(`/solicitacao/consultar?cnpj=${e.cnpj}`)) as { rds: { numProtocoloRedesim: string }[] }).rds[0]?.numProtocoloRedesim;
    if (cpf && protocolo) break;
  }
  const edital = ((await get('/edital/todos/0/1')) as { content: { id: number }[] }).content[0];
  const proprio = await apiAs(request, 'contribuinte');
  const meu = ((await (await request.get(`${api}/pessoa/obterUsuarioLogado`, proprio)).json()) as { cacealList: number[] }).cacealList[0];
  expect(cpf && protocolo && edital && meu).toBeTruthy();
  return {
    numeroPessoa: String(empresa.numeroPessoa),
    caceal: String(empresa.numeroCaceal),
    cnpj: empresa.cnpj,
    numeroDocumento: String(empresa.numeroCaceal),
    cpf: cpf!,
    protocolo: protocolo!,
    id: String(edital!.id),
    login: 'atendente',
    // the signed-in taxpayer's own registration (meu-cadastro, their sheet)
    number: String(meu),
  };
}

const TUDO = 'dataInicial=2000-01-01&dataFinal=2026-12-31';
/** Screens shown with results rather than an empty form (their own URL state), where rows have more to check. */
function comResultados(rota: Rota) {
  if (rota.path.endsWith('/pre-visualizar')) return `?${TUDO}&tipoConsulta=tipo`;
  const estados: Record<string, string> = {
    contribuinte: '?tipo=RAZAO_SOCIAL&termo=ltda&page=1',
    'consultar-edital': '?tipoConsulta=consultaInicial',
    'consulta-publica-edital': `?${TUDO}`,
  };
  return estados[rota.path] ?? '';
}

/** A route's URL with its parameters filled; optional ones are left out. */
function url(rota: Rota, p: Record<string, string>) {
  const caminho = rota.path
    .split('/')
    .flatMap((s) => {
      if (!s.startsWith(':')) return [s];
      if (s.endsWith('?')) return [];
      const v = p[s.slice(1)];
      if (v === undefined) throw new Error(`no value for the route parameter ${s} of ${rota.path}`);
      return [v];
    })
    .join('/');
  return `#/${caminho}${comResultados(rota)}`;
}

/** Authorities of each demo account, as the server reports them. */
async function autoridades(request: APIRequestContext) {
  const r: Partial<Record<Conta, string[]>> = {};
  for (const c of CONTAS) r[c] = (await (await request.get('/api/account', await apiAs(request, c))).json()).authorities;
  return r as Record<(typeof CONTAS)[number], string[]>;
}

/** Every route given to one account: the public ones to the anonymous visitor, the others to the first account allowed. */
function contaDe(rota: Rota, aut: Record<(typeof CONTAS)[number], string[]>): Conta {
  if (!rota.authorities) return 'anonimo';
  const conta = CONTAS.find((c) => rota.authorities!.some((a) => aut[c].includes(a)));
  if (!conta) throw new Error(`no demo account may open ${rota.path}`);
  return conta;
}

/** Goes to a screen without reloading (axe stays injected) and waits until its data has arrived. */
async function ir(page: Page, hash: string) {
  await page.evaluate((h) => (location.hash = h), hash);
  await esperarPronta(page);
}

async function esperarPronta(page: Page) {
  await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await expect(page.locator('#main')).not.toBeEmpty();
}

const rotas = await rotasDoRouter();

test('every route of the router has a screen checked below (parameters known, an account allowed)', async ({ request }) => {
  const p = await parametros(request);
  const aut = await autoridades(request);
  for (const r of rotas) {
    expect(url(r, p)).toMatch(/^#\//);
    expect(CONTAS.concat() as string[]).toContain(contaDe(r, aut) === 'anonimo' ? 'auditor' : contaDe(r, aut));
  }
  expect(rotas.length).toBeGreaterThan(50);
});

for (const conta of [...CONTAS, 'anonimo'] as Conta[]) {
  test(`axe: 0 serious/critical on every screen ${conta} opens`, async ({ page, request }) => {
    const p = await parametros(request);
    const aut = await autoridades(request);
    const minhas = rotas.filter((r) => contaDe(r, aut) === conta);
    // A budget by the length of the walk (the auditor's is about 40 screens and their tabs): sized for a busy
    // machine, where one screen with its axe run can take several seconds.
    test.setTimeout(60_000 + minhas.length * 10_000);
    await page.goto('/');
    if (conta !== 'anonimo') await signIn(page, conta, conta, { openMenu: true });
    const achados: Record<string, unknown> = {};
    for (const r of minhas) {
      const destino = url(r, p);
      await ir(page, destino);
      // the screen itself, not a refusal or the error page it could fall back to
      if (!['accessdenied', 'error'].includes(r.path)) expect(await page.evaluate(() => location.hash), r.path).not.toMatch(/^#\/(accessdenied|error)\b/);
      const v = await seriousA11yViolations(page);
      if (v.length) achados[r.path] = v;
      // a page of tabs (the taxpayer's record): each tab is a screen too
      const abas = page.locator('#main').getByRole('tab');
      for (let i = 0; i < (await abas.count()); i++) {
        const aba = abas.nth(i);
        if (await aba.isDisabled()) continue;
        await aba.click();
        await esperarPronta(page);
        const va = await seriousA11yViolations(page);
        if (va.length) achados[`${r.path} › ${await aba.textContent()}`] = va;
      }
    }
    expect(achados).toEqual({});
  });
}

test('axe: 0 serious/critical while a screen waits for its session, its code or its data', async ({ page }) => {
  const achados: Record<string, unknown> = {};
  const carregando = page.locator('#main .mantine-Loader-root');
  const verificar = async (nome: string) => {
    await expect(carregando).toBeVisible();
    const v = await seriousA11yViolations(page);
    if (v.length) achados[nome] = v;
  };
  // the session being read (a guarded page opened directly)
  await page.goto('/');
  await signIn(page, 'admin', 'admin', { openMenu: true });
  let soltar = await segurar(page, '**/api/account');
  await page.goto('/#/settings');
  await verificar('sessão');
  soltar();
  await esperarPronta(page);
  // a page's code still on its way (opened directly: a later page change keeps the previous page until it arrives)
  soltar = await segurar(page, '**/assets/LogsPage-*.js');
  await page.goto('/#/logs');
  await verificar('código da página');
  soltar();
  await esperarPronta(page);
  // a page's data still on its way
  soltar = await segurar(page, '**/management/mail-sink**');
  await page.evaluate(() => (location.hash = '#/admin/caixa-correio'));
  await verificar('dados');
  soltar();
  await esperarPronta(page);
  expect(achados).toEqual({});
});
