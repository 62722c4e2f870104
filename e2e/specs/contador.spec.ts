import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { contadorNovo } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

/** The demo accountant's own CRC, read as a clerk from the accountant tab of one of its companies. */
async function crcDoContador(request: APIRequestContext): Promise<{ crc: string; empresas: number }> {
  const { headers } = await apiAs(request, 'contador');
  const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { numeroCaceal: number }[];
  const auditor = await apiAs(request, 'auditor');
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${empresas[0]!.numeroCaceal}`, { headers: auditor.headers })).json()) as {
    codigoUfCrc: string; numeroCrc: string;
  };
  return { crc: `${k.codigoUfCrc}${k.numeroCrc}`, empresas: empresas.length };
}

test('accountant: Confirmação → required Recadastro → statements → Gerar Manifestações → active summary → PDF', async ({ page, request }) => {
  test.setTimeout(240_000);
  // An accountant of its own that has never re-registered: the re-registration below happens once per accountant.
  const k = await contadorNovo(request);
  const [crc, total] = [k.crc, k.empresas.length];
  await page.goto('/#/manifestacao-contador/contador');
  await signIn(page, k.login);
  await expect(page.getByRole('heading', { name: 'Área do Contador: confirme seu CRC', exact: true })).toBeVisible();
  const campoCrc = page.getByRole('textbox', { name: 'CRC' });
  const classificacao = page.getByRole('combobox', { name: 'Classificação' });
  // Missing fields → §8 texts.
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe o CRC e a classificação para continuar.')).toBeVisible();
  await expect(page.getByText('O CRC é obrigatório.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Another accountant's CRC (or an unknown one): the same not-found text.
  await campoCrc.fill('AL999999');
  await classificacao.click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('erro-contador')).toHaveText('Contador não encontrado com os dados informados.');

  await campoCrc.fill(crc);
  await campoCrc.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Recadastro - Contabilista' });
  await expect(modal).toBeVisible();
  // The form opens with the accountant's data on record (#40 §7): emptied here to see the §8 texts.
  for (const campo of ['E-mail', 'Telefone', 'Logradouro']) await modal.getByRole('textbox', { name: campo }).fill('');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Preencha todos os campos obrigatórios.')).toBeVisible();
  await expect(modal.getByText('O email é obrigatório.')).toBeVisible();
  await expect(modal.getByText('O telefone é obrigatório.')).toBeVisible();
  await modal.getByRole('textbox', { name: 'E-mail' }).fill('contador-e2e@contabil.com.br');
  // A phone with its DDD: split into DDD + number.
  await modal.getByRole('textbox', { name: 'Telefone' }).fill('82999887766');
  await modal.getByRole('textbox', { name: 'Logradouro' }).fill('Rua do Comércio');
  await modal.getByRole('textbox', { name: 'Número' }).fill('100');
  await modal.getByRole('textbox', { name: 'Bairro' }).fill('Centro');
  await modal.getByRole('textbox', { name: 'CEP' }).fill('57020-000');
  await modal.getByRole('combobox', { name: 'Município' }).click();
  await page.getByRole('option', { name: 'Maceió' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/#\/manifestacao-contador\/manifestacao\?crc=/);
  await expect(page.getByRole('heading', { name: 'Manifestações do Contador' })).toBeVisible();
  // Saved, as typed (the success alert lasts 5 s: the stored re-registration is what counts).
  const eu = await apiAs(request, k.login);
  const salvo = await request.post(`${api}/contador/consultarRecadastro`, { headers: eu.headers, data: { crc, classificacao: 1 } });
  expect((await salvo.json()).recadastro).toMatchObject({ enderecoEletronico: 'contador-e2e@contabil.com.br', ddd: '82', numeroTelefone: '999887766' });

  // New statements: all start as Confirmação; a row click marks Negação.
  await page.getByRole('button', { name: 'Nova Manifestação' }).click();
  await expect(page.getByRole('heading', { name: 'Nova Manifestação' })).toBeVisible();
  await expect(page.getByTestId('resumo-nova')).toHaveText(`${total} empresa(s): ${total} confirmação(ões) e 0 negação(ões)`);
  const linhas = page.getByRole('row');
  await linhas.nth(1).getByRole('cell').first().click();
  await expect(page.getByTestId('resumo-nova')).toHaveText(`${total} empresa(s): ${total - 1} confirmação(ões) e 1 negação(ões)`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Gerar Manifestações' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Gerar Manifestações' }).click();
  await expect(page.getByRole('heading', { name: 'Manifestações Ativas' })).toBeVisible();
  // The saved statements, read again after a reload (not the transient success alert).
  await page.reload();
  await expect(page.getByTestId('total-ativas')).toContainText(String(total));
  await expect(page.getByText('Negações: 1')).toBeVisible();

  // The statement PDF of a row.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Imprimir a manifestação/ }).first().click();
  // The PDF arrives in the window opened for it (the first one warms a render worker: slow on a busy machine).
  const janela = await popup;
  await expect.poll(() => janela.url(), { timeout: 30_000 }).toMatch(/^blob:/);
  await expect(page.getByText('Não foi possível gerar o documento para impressão.')).toHaveCount(0);

  // Back keeps CRC and classification; the next Confirmação goes straight to the statements (re-registration once).
  await page.getByRole('button', { name: 'Voltar' }).or(page.getByRole('link', { name: 'Voltar' })).click();
  await expect(page.getByRole('heading', { name: 'Manifestações do Contador' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Inativa' }).or(page.getByRole('cell', { name: 'Ativa' })).first()).toBeVisible();
  await page.getByRole('link', { name: 'Trocar CRC' }).click();
  await page.getByRole('textbox', { name: 'CRC' }).fill(crc);
  await page.getByRole('combobox', { name: 'Classificação' }).click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Manifestações do Contador' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// Issue 40 §1, §7: the companies paged by the server, one total, a filter that ignores accents, and
// 'Gerar' asking the server for every company (only the Negações listed), not a list cut at 5,000.
test('Nova Manifestação: one total of every company; "COMERCIO" finds "COMÉRCIO"; Gerar generates for all of them in the server', async ({ page, request }) => {
  test.setTimeout(180_000);
  // An accountant of its own (the statements it generates change nobody else's screens).
  const k = await contadorNovo(request);
  const [crc, total] = [k.crc, k.empresas.length];
  const { headers } = await apiAs(request, k.login);
  // The area asks for the re-registration once: done here, so this test stands alone.
  const recadastro = await request.put(`${api}/contador/recadastro`, {
    headers,
    data: {
      crc, classificacao: 1, enderecoEletronico: 'contador-e2e@contabil.com.br', ddd: '82', numeroTelefone: '999887766',
      endereco: { logradouro: 'Rua do Comércio', numero: '100', complemento: '', bairro: 'Centro', cep: '57020000', uf: 'AL', municipio: 'Maceió' },
    },
  });
  expect(recadastro.status()).toBe(200);
  const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { razaoSocial: string }[];
  const sem = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const palavra = empresas.flatMap((e) => e.razaoSocial.split(/\s+/)).find((w) => w.length > 4 && sem(w) !== w.toLowerCase())!;
  expect(palavra).toBeTruthy();
  const digitada = sem(palavra).toUpperCase();
  const achadas = empresas.filter((e) => sem(e.razaoSocial).includes(sem(palavra)));

  await page.goto('/#/manifestacao-contador/contador');
  await signIn(page, k.login);
  await page.getByRole('textbox', { name: 'CRC' }).fill(crc);
  await page.getByRole('combobox', { name: 'Classificação' }).click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Nova Manifestação' }).click();
  const resumo = page.getByTestId('resumo-nova');
  await expect(resumo).toHaveText(`${total.toLocaleString('pt-BR')} empresa(s): ${total.toLocaleString('pt-BR')} confirmação(ões) e 0 negação(ões)`);
  await expect(page.getByTestId('item-count')).toHaveCount(0);

  await page.getByTestId('filtro-empresas').fill(digitada);
  await expect(page.getByText(`${achadas.length} empresa(s) encontrada(s) com o filtro`)).toBeVisible();
  const primeira = page.getByRole('row').nth(1);
  await expect(primeira).toContainText(palavra);
  await primeira.getByRole('cell').first().click();
  await page.getByTestId('filtro-empresas').fill('');
  await expect(resumo).toHaveText(`${total.toLocaleString('pt-BR')} empresa(s): ${(total - 1).toLocaleString('pt-BR')} confirmação(ões) e 1 negação(ões)`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const pedido = page.waitForRequest('**/manifestacao/gerar');
  await page.getByRole('button', { name: 'Gerar Manifestações' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Gerar ${total.toLocaleString('pt-BR')} manifestação(ões)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Gerar Manifestações' }).click();
  const corpo = (await pedido).postDataJSON() as { manifestacoes?: unknown; todas: { negacoes: number[] } };
  expect(corpo.manifestacoes).toBeUndefined();
  expect(corpo.todas.negacoes).toHaveLength(1);
  await expect(page.getByText('Manifestações geradas com sucesso!')).toBeVisible();
  await expect(page.getByTestId('total-ativas')).toContainText(String(total));
});

test('tax staff: query an accountant by CRC; companies without statements and with denials', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { crc } = await crcDoContador(request);
  await page.goto('/#/manifestacao-contador/fazendario');
  await signIn(page, 'apoio-contador');
  await expect(page.getByRole('heading', { name: 'Consulta do Fazendário' })).toBeVisible();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Informe o CRC e a classificação para consultar.')).toBeVisible();
  await page.getByRole('textbox', { name: 'CRC' }).fill('AL999999');
  await page.getByRole('combobox', { name: 'Classificação' }).click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('erro-fazendario')).toHaveText('Contador não encontrado com os dados informados.');
  await page.getByRole('textbox', { name: 'CRC' }).fill(crc);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('total-manifestacoes')).toBeVisible({ timeout: 30_000 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nova Consulta' }).click();
  await expect(page.getByRole('textbox', { name: 'CRC' })).toBeVisible();

  await page.goto('/#/manifestacao-contador/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas sem Manifestação' })).toBeVisible();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('aviso-periodo')).toBeVisible();
  // Dates are typed dd/mm/aaaa, as everywhere (#32 item 12: this was a native field showing mm/dd/yyyy).
  const inicial = page.getByRole('textbox', { name: 'Data inicial' });
  const final = page.getByRole('textbox', { name: 'Data final' });
  await inicial.fill('01/01/2026');
  await final.fill('01/01/2025');
  await final.press('Tab');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('aviso-periodo')).toHaveText('A data final não pode ser anterior à data inicial.');
  await expect(final).toHaveValue('');
  await inicial.fill('01/01/1990');
  await final.fill('31/12/2026');
  await final.press('Enter');
  await expect(page).toHaveURL(/dataFinal=2026-12-31/);
  await expect(page.getByTestId('total-empresas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pagina')).toHaveText(/^Página 1 de \d+$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByText('Empresas com Manifestação de Negação').first().click();
  await expect(page.getByRole('heading', { name: 'Empresas com Manifestação de Negação' })).toBeVisible();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('total-empresas')).toBeVisible({ timeout: 30_000 });
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const janela = await popup;
  await expect.poll(() => janela.url(), { timeout: 30_000 }).toMatch(/^blob:/);
  await expect(page.getByText('Não foi possível gerar o documento para impressão.')).toHaveCount(0);
});
