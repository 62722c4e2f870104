import { expect, test } from '@playwright/test';
import { formatCnpj, formatCpf } from '@cadastro/domain';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

test('gestor: CNPJ of a record that differs, the differences, Sincronizar, then nothing left to change', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  // The generator makes about 1 in 100 manager records differ from the registry (a new name): one of its own,
  // synchronised below.
  const alvo = await registroLivre(request, {
    situacao: null,
    serve: async (c) => {
      const r = await request.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${c.numeroCaceal}`, { headers });
      return r.status() === 200 && (await r.json()).diferencas.length > 0;
    },
  });
  await page.goto('/#/gestor');
  await signIn(page, 'auditor');
  await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'CNPJ' }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill(alvo.cnpj);
  await page.getByRole('textbox', { name: 'Número' }).press('Enter');
  await expect(page).toHaveURL(/#\/gestor\/sinc\?tipoDocumento=CNPJ/);
  await expect(page.getByTestId('diferencas')).toContainText(/Razão social|Situação cadastral/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // It overwrites the registry: asked first
  await page.getByRole('button', { name: 'Sincronizar' }).click();
  const confirmar = page.getByRole('dialog', { name: 'Confirmar a sincronização' });
  await expect(confirmar).toContainText('será atualizado com os dados do sistema gestor');
  expect(await seriousA11yViolations(page)).toEqual([]); // the dialog open (#32)
  await confirmar.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(page.getByTestId('sincronizado')).toContainText(`O cnpj ${formatCnpj(alvo.cnpj)} foi sincronizado!`);
  await expect(page.getByText('O cadastro já está igual ao sistema gestor.')).toBeVisible();
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'CACEAL' }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill('24099998');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Nenhum registro encontrado.');
});

test('gestor: a CACEAL of the registry the manager system lacks says which system did not find it', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  let ausente: number | undefined;
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100`, { headers })).json()).content as { numeroCaceal: number }[];
  for (const c of lista) {
    const r = await request.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${c.numeroCaceal}`, { headers });
    if (r.status() === 404) { ausente = c.numeroCaceal; break; }
  }
  expect(ausente).toBeDefined();
  await page.goto('/#/gestor');
  await signIn(page, 'auditor');
  await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'CACEAL' }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill(String(ausente));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert')).toContainText(/^O CACEAL .+ existe no Cadastro, mas não foi encontrado no sistema Gestor\.$/);
});

test('consultas-infoconv: system and dates required, the log with its total, the certificate', async ({ page }) => {
  await page.goto('/#/consultas-infoconv');
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Consultas à Receita Federal (Infoconv)' })).toBeVisible();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Campo obrigatório.')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Sistema' }).click();
  await page.getByRole('option', { name: 'REDESIM' }).click();
  await page.getByRole('textbox', { name: 'Data inicial' }).fill('01/01/2026');
  await page.getByRole('textbox', { name: 'Data final' }).fill('31/12/2026');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(/#\/pre-visualizar-consultas-infoconv\?sistema=rds&dataInicial=2026-01-01&dataFinal=2026-12-31/);
  await expect(page.getByTestId('infoconv-total')).toHaveText(/Total de consultas: [1-9]\d*/);
  await expect(page.getByRole('row').nth(1)).toContainText('REDESIM');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Comprovante' }).first().click();
  await expect(page.getByTestId('comprovante')).toContainText('CNPJ');
  expect(await seriousA11yViolations(page)).toEqual([]); // the receipt dialog open (#32)
});

test('gestor: a produtor rural’s registration shows his CPF labelled CPF and masked as one (§3: the `cnpj` holds it)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { headers } = await apiAs(request, 'auditor');
  let alvo: { numeroCaceal: number; cnpj: string } | undefined;
  busca: for (const termo of ['souza', 'silva', 'santos', 'oliveira', 'lima', 'costa', 'pereira']) {
    for (let pagina = 0; pagina < 5; pagina++) {
      const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/${termo}/${pagina}/100`, { headers })).json()).content as { numeroCaceal: number | null; cnpj: string }[];
      for (const c of lista.filter((x) => x.numeroCaceal && x.cnpj.length === 11)) {
        const r = await request.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${c.numeroCaceal}`, { headers });
        if (r.status() === 200) { alvo = c as { numeroCaceal: number; cnpj: string }; break busca; }
      }
    }
  }
  if (!alvo) throw new Error('no CPF-held registration with a manager-system record in the seed');
  await page.goto(`/#/gestor/sinc?tipoDocumento=CACEAL&numeroDocumento=${alvo.numeroCaceal}`);
  await signIn(page, 'auditor');
  await expect(page.getByText('CPF', { exact: true })).toBeVisible();
  await expect(page.getByText(formatCpf(alvo.cnpj), { exact: true })).toBeVisible();
  await expect(page.getByText('CNPJ', { exact: true })).toHaveCount(0);
});
