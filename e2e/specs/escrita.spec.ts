import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';
type Linha = { numeroPessoa: number; numeroCaceal: number | null; cnpj: string };

/**
 * A limited company (natureza 206-2) with capital, an accountant with a whole CRC and a REDESIM request
 * that carries the capital, found through the API as a clerk would.
 */
async function sociedadeLimitada(request: APIRequestContext) {
  const { headers } = await apiAs(request, 'auditor');
  const get = async <T>(caminho: string) => (await request.get(`${api}/${caminho}`, { headers })).json() as Promise<T>;
  const lista = (await get<{ content: Linha[] }>('contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100')).content;
  for (const c of lista.filter((x) => x.numeroCaceal && x.cnpj.length === 14)) {
    const d = await get<{ identificacao: { naturezaJuridica: { codigoNaturezaJuridica: string } | null; valorCapitalSocial: string | null } }>(
      `contribuinte/obterDadosCadastrais/porCaceal/${c.numeroCaceal}`);
    if (d.identificacao.naturezaJuridica?.codigoNaturezaJuridica !== '2062' || !d.identificacao.valorCapitalSocial) continue;
    const k = (await request.get(`${api}/contribuinte/obterContador/porCaceal/${c.numeroCaceal}`, { headers }));
    const contador = k.ok() ? ((await k.json()) as { digitoVerificadorCrc: number | null } | null) : null;
    if (!contador || contador.digitoVerificadorCrc === null) continue;
    const s = await get<{ rds: { numProtocoloRedesim: string }[] }>(`solicitacao/consultar?cnpj=${c.cnpj}`);
    for (const r of s.rds) {
      const id = await get<{ valorCapitalSocial: string | null }>(`solicitacao/identificacao/${r.numProtocoloRedesim}`);
      if (id.valorCapitalSocial) return { ...c, protocolo: r.numProtocoloRedesim };
    }
  }
  throw new Error('no limited company with capital, accountant and request in the seed');
}

const NATUREZA = /\d{3}-\d - [A-ZÀ-Ú]/;
const CRC = /CRC-[A-Z]{2} \d{6}\/[OTSPF]-\d/;
const DINHEIRO = /R\$ \d{1,3}(\.\d{3})*,\d{2}/;

test('codes as the offices write them: natureza 206-2, capital R$, CRC-AL 999999/O-9 in the supertela and the request detail', async ({ page, request }) => {
  const c = await sociedadeLimitada(request);
  await page.goto(`/#/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}`);
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();

  const painel = page.getByRole('tabpanel');
  await expect(painel.getByText('206-2 - Sociedade Empresária Limitada')).toBeVisible();
  await expect(painel.getByText(DINHEIRO)).toBeVisible();

  // The supertela's Contador tab (the editor) shows the accountant's CRC.
  await page.getByRole('tab', { name: 'Contador' }).click();
  await expect(page.getByTestId('contador').getByText(CRC)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('contador.png'), fullPage: true });

  // The request detail: natureza, capital with R$ and the accountant's CRC.
  await page.getByRole('tab', { name: 'Solicitações' }).click();
  await page.getByTestId('solicitacoes-aba').getByRole('button', { name: `Abrir o detalhe da solicitação ${c.protocolo}` }).click();
  const modal = page.getByRole('dialog', { name: 'Detalhe da Solicitação RDS' });
  await expect(modal.getByTestId('sec-identificacao')).toContainText(NATUREZA);
  await expect(modal.getByTestId('sec-identificacao')).toContainText(DINHEIRO);
  await expect(modal.getByTestId('sec-contador')).toContainText(CRC);
  await page.screenshot({ path: test.info().outputPath('solicitacao.png'), fullPage: true });
});
