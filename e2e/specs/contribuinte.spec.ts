import { expect, test, type Page } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

async function asClerk(page: Page) {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'atendente');
  await expect(page.getByTestId('home-logged')).toBeVisible();
}

async function consultar(page: Page, tipo: string, termo: string) {
  await page.getByTestId('busca-tipo').click();
  await page.getByRole('option', { name: tipo, exact: true }).click();
  await page.getByTestId('busca-termo').fill(termo);
  await page.getByTestId('busca-termo').press('Enter');
}

test('search by razão social: modal of results, a row opens the taxpayer', async ({ page }) => {
  await asClerk(page);
  await page.getByTestId('menu-contribuintes').click();
  await page.getByRole('menuitem', { name: 'Consultar Contribuinte' }).click();
  await expect(page.getByRole('heading', { name: 'Consultar Contribuinte' })).toBeVisible();
  await expect(page.getByTestId('busca-consultar')).toBeDisabled();
  await consultar(page, 'Razão social', 'comercio');
  const modal = page.getByRole('dialog', { name: 'Contribuintes encontrados' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('busca-total')).toHaveText(/Pelo menos 1.000 registros|Exibindo \d+ registros/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const firstName = (await modal.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())!;
  await modal.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/#\/contribuinte\/24\d{6}\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(firstName);
  await expect(page.getByRole('tab', { name: 'Dados Cadastrais' })).toBeVisible();
  await expect(page.getByText('Endereço principal')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // each tab loads by its own call
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await expect(page.getByRole('tabpanel').getByText('PRINCIPAL', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Quadro de Sócios e Administradores' }).click();
  // An individual entrepreneur has no partners (the generator follows the legal nature).
  await expect(page.getByRole('tabpanel').getByRole('columnheader', { name: 'Qualificação' }).or(page.getByRole('tabpanel').getByText('Nenhum registro encontrado.'))).toBeVisible();
  await page.getByRole('tab', { name: 'Responsável' }).click();
  await expect(page.getByRole('tabpanel').getByText('Qualificação')).toBeVisible();
  for (const tab of ['Procurador no Estado', 'Editais', 'Regime Especial']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByRole('table').or(page.getByRole('tabpanel').getByText('Nenhum registro encontrado.'))).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Contador' }).click();
  await expect(page.getByRole('tabpanel').getByText(/CRC|Nenhum registro encontrado\./).first()).toBeVisible();
  if (await page.getByRole('tabpanel').getByText('CRC').count()) {
    await expect(page.getByRole('tabpanel').getByText('Telefones')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Endereço principal')).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await expect(page).toHaveURL(/#\/contribuinte$/);
});

test('a CACEAL found once opens straight away; none found says so; changing the kind clears the number', async ({ page }) => {
  await asClerk(page);
  await page.goto('/#/contribuinte');
  await consultar(page, 'CACEAL', '2400000');
  await expect(page.getByTestId('busca-consultar')).toBeDisabled(); // 7 digits
  await page.getByTestId('busca-termo').fill('24abc999x99');
  await expect(page.getByTestId('busca-termo')).toHaveValue('2499999'); // digits only, at most 8
  await page.getByTestId('busca-termo').fill('24099999');
  await page.getByTestId('busca-termo').press('Enter');
  await expect(page.getByTestId('busca-vazia')).toHaveText('Nenhum registro encontrado.');
  await page.getByTestId('busca-tipo').click();
  await page.getByRole('option', { name: 'CNPJ', exact: true }).click();
  await expect(page.getByTestId('busca-termo')).toHaveValue('');
  await page.getByTestId('busca-termo').fill('12abc34501de35');
  await expect(page.getByTestId('busca-termo')).toHaveValue('12.ABC.345/01DE-35'); // alphanumeric CNPJ mask
  await page.getByTestId('busca-termo').fill('11222333000182');
  await expect(page.getByText('CNPJ inválido: os dígitos verificadores não conferem.')).toBeVisible();
  await expect(page.getByTestId('busca-consultar')).toBeDisabled();

  // a real CACEAL, read from a name search, then searched by itself
  await consultar(page, 'Razão social', 'ltda');
  const modal = page.getByRole('dialog', { name: 'Contribuintes encontrados' });
  const caceal = ((await modal.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').replace(/\D/g, '').slice(0, 8);
  await page.keyboard.press('Escape');
  await consultar(page, 'CACEAL', caceal);
  await expect(page).toHaveURL(new RegExp(`#/contribuinte/${caceal}/\\d+$`));
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(caceal);
  // the same registration's CNPJ, then its root (head office and branches)
  const cnpj = ((await page.getByTestId('cabecalho-contribuinte').getByText(/^\d{2}\.\w{3}\.\w{3}\/\w{4}-\d{2}$/).textContent()) ?? '').trim();
  await page.goto('/#/contribuinte');
  await consultar(page, 'CNPJ', cnpj);
  // one registration → contribuinte/{n}?caceal= (§2); a company with an older CACEAL too → the modal
  await expect(page.getByTestId('cabecalho-contribuinte').or(modal)).toContainText(cnpj);
  if (await page.getByTestId('cabecalho-contribuinte').isVisible()) await expect(page).toHaveURL(/#\/contribuinte\/\d+\?caceal=\d{8}$/);
  else await page.keyboard.press('Escape');
  await page.goto('/#/contribuinte');
  await consultar(page, 'Raiz do CNPJ', cnpj.replace(/\W/g, '').slice(0, 8));
  await expect(page.getByTestId('cabecalho-contribuinte').or(modal)).toContainText(cnpj.slice(0, 10));
});

test('a user without the consult role is refused', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'user');
  await expect(page.getByTestId('home-logged')).toBeVisible();
  await expect(page.getByTestId('menu-contribuintes')).toHaveCount(0);
  await page.goto('/#/contribuinte');
  await expect(page.getByTestId('access-denied')).toBeVisible();
});

test('meu cadastro: the taxpayer sees their own registration, without the account menu', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'contribuinte');
  await expect(page.getByTestId('home-logged')).toBeVisible();
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  await expect(page.getByRole('heading', { name: 'Meu Cadastro' })).toBeVisible();
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(/24\d{6}-\d/);
  await expect(page.getByTestId('menu-account')).toHaveCount(0);
  // Partners' main address and phones come with the tab (the taxpayer may not read other persons' records).
  await page.getByRole('tab', { name: 'Quadro de Sócios e Administradores' }).click();
  // (The demo company may be an individual entrepreneur's, without partners: the generator follows the legal nature.)
  const enderecoSocio = page.getByRole('tabpanel').getByRole('button', { name: 'Endereço', exact: true }).first();
  await expect(enderecoSocio.or(page.getByRole('tabpanel').getByText('Nenhum registro encontrado.'))).toBeVisible();
  if (await enderecoSocio.count()) {
    await enderecoSocio.click();
    const dialogo = page.getByRole('dialog', { name: /Endereço e contato · / });
    await expect(dialogo.getByText('Logradouro', { exact: true })).toBeVisible();
    await expect(dialogo.getByText('Telefones', { exact: true })).toBeVisible();
    await dialogo.getByRole('button', { name: 'Fechar' }).last().click();
    await expect(dialogo).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Regime Especial' }).click();
  await expect(page.getByRole('tabpanel').getByRole('table').or(page.getByRole('tabpanel').getByText('Nenhum registro encontrado.'))).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Without the account menu, signing out stays in view (on a phone too, outside the drawer)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('logout-visible').click();
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});

test('navbar quick search: a pasted CACEAL opens the taxpayer, part of a name lists them', async ({ page }) => {
  await asClerk(page);
  await page.goto('/#/contribuinte');
  await consultar(page, 'Razão social', 'ltda');
  const modal = page.getByRole('dialog', { name: 'Contribuintes encontrados' });
  const cacealDigito = ((await modal.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').trim();
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByTestId('quick-search').fill(cacealDigito.replace('-', ''));
  await page.getByTestId('quick-search').press('Enter');
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(cacealDigito);
  await page.getByTestId('quick-search').fill('comercio');
  await page.getByTestId('quick-search').press('Enter');
  await expect(page.getByRole('dialog', { name: 'Contribuintes encontrados' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A CPF goes to the search by CPF (the generated registry has no individual taxpayer: none found)
  await page.getByTestId('quick-search').fill('529.982.247-25');
  await page.getByTestId('quick-search').press('Enter');
  await expect(page.getByTestId('busca-termo')).toHaveValue('529.982.247-25');
  await expect(page.getByTestId('busca-vazia')).toHaveText('Nenhum registro encontrado.');
  await page.getByTestId('quick-search').fill('ab');
  await page.getByTestId('quick-search').press('Enter');
  await expect(page.getByTestId('quick-search')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Informe um CACEAL \(8 dígitos, ou 9 com o dígito verificador\)/)).toBeVisible();
  // An unknown registration's page says so, once, with the shared not-found state
  await page.goto('/#/contribuinte/24099998/999999999');
  await expect(page.getByTestId('not-found')).toContainText('Registro não encontrado');
  await expect(page.getByTestId('not-found')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ficha cadastral' })).toHaveCount(0);
});

test('the printable sheet: every section loads, Imprimir opens the PDF; a notice number opens its PDF', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  // A registration cited by a notice, so the Editais block has a link (about 1 in 40 are).
  let alvo: { numeroCaceal: number; numeroPessoa: number; razaoSocial: string } | undefined;
  for (let pagina = 0; !alvo && pagina < 10; pagina++) {
    const lista = (await (await request.get(`/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${pagina}/50`, { headers })).json()) as {
      content: { numeroCaceal: number; numeroPessoa: number; razaoSocial: string }[];
    };
    for (const c of lista.content) {
      const editais = await (await request.get(`/sfz-cadastro-api/api/contribuinte/obterEditais/porCaceal/${c.numeroCaceal}`, { headers })).json();
      if (editais.length) { alvo = c; break; }
    }
  }
  expect(alvo).toBeDefined();
  await asClerk(page);
  await page.goto(`/#/contribuinte/${alvo!.numeroCaceal}/${alvo!.numeroPessoa}`);
  await page.getByRole('link', { name: 'Ficha cadastral' }).click();
  await expect(page).toHaveURL(new RegExp(`#/fichaimprimivel/${alvo!.numeroCaceal}$`));
  await expect(page.getByRole('heading', { name: 'Ficha Cadastral' })).toBeVisible();
  for (const s of ['Identificação', 'Endereço principal', 'Contato', 'Situação cadastral', 'Processamento de dados', 'Atividade econômica', 'Contador', 'Procurador', 'Editais', 'Responsável', 'Quadro de Sócios e Administradores']) {
    await expect(page.getByRole('heading', { name: s, exact: true })).toBeVisible();
  }
  await expect(page.getByText(alvo!.razaoSocial).first()).toBeVisible();
  await expect(page.getByText('Carregando dados, por favor aguarde...')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Ver endereços' }).click();
  const enderecos = page.getByRole('dialog', { name: 'Endereços' });
  await expect(enderecos.getByText('Principal', { exact: true })).toBeVisible();
  await enderecos.getByRole('button', { name: 'Fechar' }).last().click();

  const pdf = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect((await pdf).url()).toMatch(/^blob:|^about:blank/);
  await expect(page.getByText('Não foi possível gerar o documento para impressão.')).toHaveCount(0);

  const edital = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Abrir o PDF do edital/ }).first().click();
  await expect((await edital).url()).toMatch(/^blob:|^about:blank/);
});
