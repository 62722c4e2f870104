import { expect, test, type Page } from '@playwright/test';
import { loginNovo, reservar } from '../support/sujeitos';

/**
 * Issue 41: the whole redirect flow against the built-in simulators of gov.br and the state's provider
 * (a real OpenID Connect provider inside the app). Subjects: a CPF of the simulator's list no account
 * stands for, claimed for the run; a staff login nobody used.
 */

async function abrirEntrada(page: Page) {
  await page.goto('/');
  await page.getByTestId('menu-account').click();
  await page.getByTestId('login').click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** gov.br's button → the simulator's screen → a free CPF of `papel` at `nivel` → back in the app, signed in. */
async function entrarGovbr(page: Page, papel: 'contabilista' | 'produtor rural' | 'pessoa física', nivel: 'bronze' | 'prata' | 'ouro'): Promise<{ cpf: string; nome: string; caceal: string | null }> {
  await abrirEntrada(page);
  await page.getByTestId('entrar-govbr').click();
  await expect(page.getByRole('heading', { name: /gov\.br \(simulador\)/ })).toBeVisible();
  const pessoas = await page.locator(`#cpfs option[data-papel="${papel}"]`).evaluateAll((os) => os.map((o) => ({
    cpf: (o as HTMLOptionElement).value, nome: o.textContent!.replace(/ \([^)]*\)$/, ''), caceal: /CACEAL ([\d-]+)\)$/.exec(o.textContent!)?.[1] ?? null,
  })));
  const pessoa = pessoas.find((p) => reservar(`govbr-${p.cpf}`));
  if (!pessoa) throw new Error(`no free ${papel} in the simulator's list`);
  await page.getByLabel('CPF').fill(pessoa.cpf);
  await page.getByLabel(nivel).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('menu-account')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  return pessoa;
}

async function entrarEstado(page: Page, login: string, grupos: string[]) {
  await abrirEntrada(page);
  await page.getByTestId('entrar-estado').click();
  await expect(page.getByRole('heading', { name: /Rede do Estado \(simulador\)/ })).toBeVisible();
  await page.getByLabel('Login').fill(login);
  for (const g of grupos) await page.getByLabel(g).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/#\/$/);
}

/** The signed-in account's roles as the server holds them, asked with the session the SPA keeps. */
async function papeis(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = sessionStorage.getItem('jhi-authenticationToken');
    const r = await fetch('/api/account', { headers: { authorization: `Bearer ${token}` } });
    return ((await r.json()) as { authorities: string[] }).authorities;
  });
}

/*
 * A produtor rural pessoa física holds his registration with his own CPF: the simulator's list offers such
 * people no account stands for yet, with the CACEAL (the claim makes it a first sign-in no other test made).
 */
test("a taxpayer's first gov.br sign-in: Meu Cadastro shows their own registration, no administrator step, no code in the URL", async ({ page }) => {
  const visitados: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && visitados.push(f.url()));
  const { cpf, nome, caceal } = await entrarGovbr(page, 'produtor rural', 'bronze');
  // Named as gov.br names them, not by the login the app made for the account (govbr- and the CPF).
  await expect(page.getByTestId('menu-account')).toHaveText(`${nome} ▾`);
  await expect(page.getByTestId('home-logged')).toHaveText(`Você está conectado como "${nome}".`);
  // The code and state passed through the API's callback, never through a URL the SPA keeps.
  expect(visitados.filter((u) => u.startsWith('http://localhost') && u.includes('#') && /code=|state=|token/.test(u))).toEqual([]);
  expect(await page.evaluate(() => location.href)).not.toMatch(/code=|state=/);
  // Meu Cadastro from the menu, and again after a reload: their registration (CACEAL, CPF, name).
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  const cabecalho = page.getByTestId('cabecalho-contribuinte');
  for (const vez of ['menu', 'reload']) {
    if (vez === 'reload') await page.reload();
    await expect(cabecalho).toContainText(caceal!);
    await expect(cabecalho).toContainText(nome);
    // A person holds it: "Nome", not a company's "Razão social".
    await expect(cabecalho).toContainText('Nome');
    await expect(cabecalho).not.toContainText('Razão social');
    await expect(cabecalho).toContainText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  }
  // What an individual cannot have reads "Não se aplica.", not "Não informado".
  for (const campo of ['Capital social', 'Porte', 'Situação do CNPJ (Receita Federal)']) {
    await expect(page.getByText(campo, { exact: true }).locator('xpath=..')).toContainText('Não se aplica.');
  }
  // His nature is CONCLA's for a rural producer who registers with his CPF (section 4, Pessoas Físicas).
  await expect(page.getByText('Natureza jurídica', { exact: true }).locator('xpath=..')).toContainText('412-0 - Produtor Rural (Pessoa Física)');
  await page.goto('/#/settings');
  await expect(page.getByTestId('como-entrou')).toHaveText(/gov\.br — nível bronze/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(nome);
});

test('an individual who holds no registration: Meu Cadastro says so, naming them', async ({ page }) => {
  const { cpf, nome } = await entrarGovbr(page, 'pessoa física', 'ouro');
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  const aviso = page.getByTestId('meu-cadastro-sem-inscricao');
  await expect(aviso).toContainText(`Nenhuma inscrição no CACEAL está em nome de ${nome}`);
  await expect(aviso).toContainText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await expect(page.getByText('Você não tem autorização para acessar esta página.')).toHaveCount(0);
});

test('an accountant at bronze is refused the accountant area, the level needed named', async ({ page }) => {
  await entrarGovbr(page, 'contabilista', 'bronze');
  await page.goto('/#/manifestacao-contador/manifestacao');
  await expect(page.getByText(/exige conta gov\.br de nível prata ou ouro/).first()).toBeVisible();
});

test("a clerk from the state's provider gets exactly its groups' roles, and loses one when the group goes", async ({ page }) => {
  const login = loginNovo('servidor');
  await entrarEstado(page, login, ['cadastro-atendimento', 'cadastro-editais']);
  const ambos = await papeis(page);
  expect(ambos).toContain('ROLE_CAD_EDITAR_EDITAL');
  expect(ambos).toContain('ROLE_CAD_CON_DADOS_CONTRI');
  expect(ambos).not.toContain('ROLE_ADMIN');
  await page.goto('/#/settings');
  await expect(page.getByTestId('como-entrou')).toHaveText(/Rede do Estado/);

  // Signing out ends the provider's session too: the next sign-in shows the provider's screen again.
  const noProvedor = page.waitForURL(/\/simulador\/estado\/session\/end/);
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await noProvedor;
  await page.waitForURL((u) => u.pathname === '/' && !u.search);
  await entrarEstado(page, login, ['cadastro-atendimento']);
  const um = await papeis(page);
  expect(um).toContain('ROLE_CAD_CON_DADOS_CONTRI');
  expect(um).not.toContain('ROLE_CAD_EDITAR_EDITAL');
  expect(ambos.filter((p) => !um.includes(p)).sort()).toEqual(['ROLE_CAD_CON_EDITAL_PUBLI', 'ROLE_CAD_EDITAR_EDITAL']);
});
