import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * Recovery codes of the staff accounts the tests created and enrolled (issue #41 §3), by login: later
 * sign-ins spend one (a TOTP code is good once per 30 s step, and tests sign in more often than that).
 */
const recuperacao = new Map<string, string[]>();
const codigoDe = (login: string) => recuperacao.get(login)?.pop() ?? 'sem-codigo';

/** Signs in through the login modal (it must already be open, or is opened from the account menu). */
/** Signs in through the dialog and waits for it to close (unless the sign-in is expected to fail). */
export async function signIn(page: Page, login: string, password = login, opts: { openMenu?: boolean; expectFailure?: boolean } = {}) {
  const dialog = page.getByRole('dialog');
  if (opts.openMenu) {
    await page.getByTestId('menu-account').click();
    await page.getByTestId('login').click();
  }
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Usuário|Login/).fill(login);
  await dialog.getByLabel(/^(Senha|Password)/).fill(password);
  await dialog.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click();
  // An enrolled staff account: the dialog's second step takes a recovery code.
  if (!opts.expectFailure && recuperacao.has(login)) {
    await dialog.getByLabel(/^(Código de verificação|Verification code)/).fill(codigoDe(login));
    await dialog.getByRole('button', { name: /^(Verificar|Verify)$/ }).click();
    await expect(page.getByRole('dialog', { name: /^(Verificação em duas etapas|Two-step verification)/ })).toHaveCount(0);
  }
  // A page's own buttons (e.g. the accountant's "Entrar") are ambiguous while the dialog fades out.
  if (!opts.expectFailure) await expect(page.getByRole('dialog', { name: /^(Entrar|Sign in)/ })).toHaveCount(0);
}

/** An API client signed in as `login` (CSRF cookie + header, bearer token). */
export async function apiAs(request: APIRequestContext, login: string, password = login) {
  await request.get('/api/profile-info');
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  let r = await request.post('/api/authenticate', { data: { username: login, password }, headers: { 'X-XSRF-TOKEN': xsrf } });
  if (r.status() === 401 && recuperacao.has(login)) {
    const { desafio } = (await r.json()) as { desafio: string };
    r = await request.post('/api/authenticate/segundo-fator', { data: { desafio, codigo: codigoDe(login) }, headers: { 'X-XSRF-TOKEN': xsrf } });
  }
  expect(r.status(), await r.text()).toBe(200);
  const token = (await r.json()).id_token as string;
  return { headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf } };
}

/**
 * The newest link of a kind in the mail the built-in SMTP sink received for `to` (read as admin); with `alreadyThere`,
 * only in mails that came after the first that many (a new mail is delivered in the background: waited for).
 */
export async function linkFromMail(request: APIRequestContext, to: string, kind: 'activate' | 'reset', alreadyThere = 0): Promise<string> {
  const { headers } = await apiAs(request, 'admin');
  for (let i = 0; i < 50; i++) {
    const r = await request.get(`/management/mail-sink?to=${encodeURIComponent(to)}`, { headers });
    expect(r.status()).toBe(200);
    // Newest first.
    const mails = ((await r.json()) as { textBody: string }[]).slice(0, Math.max(0, Number(r.headers()['x-total-count']) - alreadyThere));
    const m = mails.map((x) => new RegExp(`https?://\\S+/#/${kind}/[A-Za-z0-9]{20}`).exec(x.textBody)?.[0]).find(Boolean);
    if (m) return m;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Until no transition or animation is running (endless spinners aside): a dialog fading in has settled. */
export async function animacoesTerminadas(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP (rightly)
  // refuses inline scripts, and the test must not weaken it.
  // Once per document: a screen reached without a reload keeps it.
  // @ts-expect-error axe is injected below
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeSource);
  // Colours are read once a dialog's or overlay's fade-in has finished, not halfway.
  await animacoesTerminadas(page);
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'], elementRef: true });
    // An open modal dialog (portalled outside #root) dims the page under it on purpose: that page is checked on its
    // own, without the dialog; its text seen through the overlay is not read for contrast.
    const app = document.getElementById('root')!;
    const modal = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].some((d) => !app.contains(d) && d.getClientRects().length > 0);
    type V = { id: string; impact: string; nodes: { target: string[]; element: Element }[] };
    return (r.violations as V[])
      .map((v) => ({ ...v, nodes: modal && v.id === 'color-contrast' ? v.nodes.filter((n) => !app.contains(n.element)) : v.nodes }))
      .filter((v) => v.nodes.length > 0)
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return (result as { id: string; impact: string; targets: string[] }[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A new account created by the admin with the given roles; its password (= login) is set through
 * the link mailed on creation, as a new user would.
 */
export async function createUser(request: APIRequestContext, login: string, authorities: string[], langKey = 'pt-br', opts: { inscrever?: boolean } = {}) {
  const { headers } = await apiAs(request, 'admin');
  const email = `${login}@exemplo.com.br`;
  const r = await request.post('/api/users', { data: { login, email, firstName: login, authorities, langKey }, headers });
  expect(r.status()).toBe(201);
  const key = /#\/reset\/([A-Za-z0-9]{20})/.exec(await linkFromMail(request, email, 'reset'))![1];
  const f = await request.post('/api/account/reset-password/finish', { data: { key, newPassword: login }, headers });
  expect(f.status()).toBe(200);
  if (opts.inscrever !== false) await inscreverSeServidor(request, login, headers['X-XSRF-TOKEN']);
}

/** A staff account enrols its second factor (through the API, as the enrolment screen does); others need none. */
async function inscreverSeServidor(request: APIRequestContext, login: string, xsrf: string) {
  const h = { 'X-XSRF-TOKEN': xsrf };
  const r = await request.post('/api/authenticate', { data: { username: login, password: login }, headers: h });
  if (r.status() === 200) return;
  const { type, desafio } = (await r.json()) as { type: string; desafio: string };
  expect(type).toBe('/problem/segundo-fator-inscricao');
  const { segredo } = (await (await request.post('/api/authenticate/segundo-fator/inscricao/inicio', { data: { desafio }, headers: h })).json()) as { segredo: string };
  const ok = await request.post('/api/authenticate/segundo-fator/inscricao', { data: { desafio, codigo: await generate({ secret: segredo }) }, headers: h });
  expect(ok.status(), await ok.text()).toBe(200);
  recuperacao.set(login, ((await ok.json()) as { codigosRecuperacao: string[] }).codigosRecuperacao);
}
