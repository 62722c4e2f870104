import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type JWK } from 'oidc-provider';
import type { JWK as JoseJwk } from 'jose';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'drizzle-orm';
import { formatCaceal, NIVEIS_GOVBR, NivelGovbr } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query } from '../../db/consulta.js';
import type { ProvedorConfig } from './config.js';
import { chavePublicaDoCliente } from './cliente.js';

/**
 * The built-in simulator of both identity providers (issue #41 §4): a real, certified OpenID Connect
 * provider (oidc-provider) mounted under /simulador/<provedor>, with a screen that chooses who signs in
 * (gov.br: a CPF at a level; the state: a login with its groups) and, for gov.br, its níveis API.
 * Development and tests only: it is built when no GOVBR_ISSUER / OIDC_ISSUER is set in the dev profile.
 */
export interface Simulador {
  provedor: ProvedorConfig;
  provider: Provider;
  /** The signing key's private JWK: tests sign forged ID tokens with it (a valid signature, a bad claim). */
  chavePrivada: JoseJwk;
}

/** What the directory of the simulated provider knows about a subject, chosen on its screen. */
interface Pessoa { nome: string; email: string; nivel?: NivelGovbr; grupos?: string[] }

export async function criarSimulador(provedor: ProvedorConfig, redirectBase: string): Promise<Simulador> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const chavePrivada: JoseJwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
  const diretorio = new Map<string, Pessoa>();
  const govbr = provedor.id === 'govbr';
  const configuration: Configuration = {
    clients: [{
      client_id: provedor.clientId,
      // The client authentication the app is configured with: a secret, or a private key JWT (then nothing else).
      ...(provedor.privateKeyFile
        ? { token_endpoint_auth_method: 'private_key_jwt', token_endpoint_auth_signing_alg: 'RS256', jwks: { keys: [(await chavePublicaDoCliente(provedor.privateKeyFile)) as JWK] } }
        : { client_secret: provedor.clientSecret! }),
      redirect_uris: [`${redirectBase}/api/identidade/${provedor.id}/retorno`],
      post_logout_redirect_uris: [`${redirectBase}/`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    }],
    jwks: { keys: [chavePrivada as JWK] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Claims in the ID token as gov.br puts them there (not only in userinfo).
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'phone', 'govbr_confiabilidades', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'social_name', 'preferred_username'],
      phone: ['phone_number', 'phone_number_verified'],
      groups: ['groups'],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Signs out at once, as gov.br's /logout does: the form posts itself.
        logoutSource: async (ctx, form) => {
          ctx.body = pagina('Sair', `${form}<p>Encerrando a sessão no provedor simulado…</p>
            <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sair</button>
            <script>document.getElementById('op.logoutForm').insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.getElementById('op.logoutForm').submit()</script>`);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${new URL(provedor.issuer).pathname}/interacao/${interaction.uid}` },
    // A first-party client: no consent screen, the grant is what it asked for.
    loadExistingGrant: async (ctx) => {
      const id = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (id) return ctx.oidc.provider.Grant.find(id);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const p = diretorio.get(sub);
      if (!p) return undefined;
      return {
        accountId: sub,
        claims: async () => govbr
          ? { sub, name: p.nome, social_name: null, email: p.email, email_verified: true, phone_number: null, phone_number_verified: false }
          : { sub, name: p.nome, preferred_username: sub, email: p.email, email_verified: true, groups: p.grupos ?? [] },
      };
    },
    ttl: { Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
  };
  const provider = new Provider(provedor.issuer, configuration);
  return Object.assign({ provedor, provider, chavePrivada }, { diretorio });
}

type ComDiretorio = Simulador & { diretorio: Map<string, Pessoa> };

/** Mounts the provider and its screens on the app; the provider reads its own bodies (form posts included). */
export function montarSimulador(app: FastifyInstance, sim: Simulador, db: () => DbOrTx, grupos: readonly string[]) {
  const s = sim as ComDiretorio;
  const base = new URL(sim.provedor.issuer).pathname;
  const callback = sim.provider.callback();
  const repassar = (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // The provider sees its own paths (mountPath from originalUrl, as under express).
    const raw = req.raw as typeof req.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(base.length) || '/';
    callback(raw, reply.raw);
  };
  return app.register(async (inst) => {
    // Bodies stay unread: the provider parses what it needs.
    inst.removeAllContentTypeParsers();
    inst.addContentTypeParser('*', (_req, _payload, done) => done(null));

    inst.get(`${base}/interacao/:uid`, async (req, reply) => {
      const details = await sim.provider.interactionDetails(req.raw, reply.raw);
      const demo = sim.provedor.id === 'govbr' ? await cpfsDemo(db()) : [];
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(telaDeEscolha(sim.provedor.id, base, details.uid, demo, grupos));
    });
    inst.post(`${base}/interacao/:uid`, async (req, reply) => {
      const form = new URLSearchParams(await lerCorpo(req));
      const sub = (form.get('sujeito') ?? '').replace(sim.provedor.id === 'govbr' ? /\D/g : /\s/g, '');
      if (!sub) return reply.code(400).type('text/html; charset=utf-8').send(pagina('Erro', '<p>Informe quem entra.</p>'));
      const nivel = NivelGovbr.safeParse(form.get('nivel')).data ?? 'bronze';
      s.diretorio.set(sub, {
        nome: form.get('nome') || (sim.provedor.id === 'govbr' ? await nomeDoCpf(db(), sub) : null) || `Pessoa ${sub}`,
        email: `${sub.toLowerCase()}@${sim.provedor.id}.simulador.invalid`,
        nivel,
        grupos: form.getAll('grupo'),
      });
      reply.hijack();
      await sim.provider.interactionFinished(req.raw, reply.raw, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    });
    if (sim.provedor.id === 'govbr') {
      // gov.br's reliability API: GET /confiabilidades/v3/contas/{cpf}/niveis with the user's access token.
      inst.get(`${base}/confiabilidades/v3/contas/:cpf/niveis`, async (req, reply) => {
        const { cpf } = req.params as { cpf: string };
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const at = token ? await sim.provider.AccessToken.find(token) : undefined;
        if (!at || at.accountId !== cpf || !String(at.scope ?? '').split(' ').includes('govbr_confiabilidades')) return reply.code(403).send({ mensagem: 'token sem acesso a esta conta' });
        const nivel = s.diretorio.get(cpf)?.nivel ?? 'bronze';
        const ids = NIVEIS_GOVBR.slice(0, NIVEIS_GOVBR.indexOf(nivel) + 1).map((_, i) => ({ id: String(i + 1), dataAtualizacao: new Date().toISOString() }));
        return reply.send(ids);
      });
    }
    inst.all(`${base}/*`, repassar);
  });
}

function lerCorpo(req: FastifyRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    let t = '';
    req.raw.setEncoding('utf8');
    req.raw.on('data', (c: string) => { t += c; if (t.length > 64_000) reject(new Error('too large')); });
    req.raw.on('end', () => resolve(t));
    req.raw.on('error', reject);
  });
}

/** Who the gov.br screen offers; a produtor rural comes with the CACEAL his Meu Cadastro opens on. */
interface Demo { cpf: string; nome: string; papel: 'contabilista' | 'produtor rural' | 'pessoa física'; caceal: number | null }

/**
 * People of the registry no account stands for yet, to pick from: accountants, produtores rurais (a
 * registration held by the CPF itself) and other individuals. Each list walks an index in order and stops
 * at 20 free ones, so a registry of the state's size answers at once and claimed people drop out.
 */
async function cpfsDemo(db: DbOrTx): Promise<Demo[]> {
  const livre = sql`p.tipo = 'F' and not exists (select 1 from usuario u where u.numero_pessoa = p.numero_pessoa)`;
  return query<Demo>(db, sql`(select p.numero_documento as cpf, p.nome, 'contabilista' as papel, null::bigint as caceal
      from contador k join pessoa p on p.numero_pessoa = k.numero_pessoa where ${livre} order by k.numero_pessoa limit 20)
    union all (select p.numero_documento, p.nome, 'produtor rural', c.numero_caceal
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where ${livre} and c.id = (select max(x.id) from contribuinte x where x.numero_pessoa = c.numero_pessoa) order by c.id limit 20)
    union all (select p.numero_documento, p.nome, 'pessoa física', null from pessoa p
      where ${livre} and not exists (select 1 from contador k where k.numero_pessoa = p.numero_pessoa)
        and not exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa) order by p.numero_pessoa limit 20)`);
}

/** gov.br knows a citizen's name from the Receita: for a CPF of the registry, the simulator says the same name. */
async function nomeDoCpf(db: DbOrTx, cpf: string): Promise<string | null> {
  const [p] = await query<{ nome: string }>(db, sql`select nome from pessoa where numero_documento = ${cpf} and tipo = 'F' limit 1`);
  return p?.nome ?? null;
}

/** The option's label: name and role, and a produtor's CACEAL (the registration his Meu Cadastro opens). */
const rotulo = (d: Demo) => `${d.nome} (${d.papel}${d.caceal == null ? '' : ` — CACEAL ${formatCaceal(d.caceal)}`})`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pagina(titulo: string, corpo: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(titulo)} — simulador</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#333}fieldset{margin:1rem 0}
label{display:block;margin:.4rem 0}button{background:#1351b4;color:#fff;border:0;border-radius:100em;padding:.5rem 1.5rem;font-weight:600;cursor:pointer}
.aviso{background:#fff5c2;padding:.5rem;border-radius:4px}</style></head><body>${corpo}</body></html>`;
}

function telaDeEscolha(id: 'govbr' | 'estado', base: string, uid: string, demo: Demo[], grupos: readonly string[]): string {
  const acao = `${base}/interacao/${esc(uid)}`;
  if (id === 'govbr') {
    const opcoes = demo.map((d) => `<option value="${esc(d.cpf)}" data-papel="${esc(d.papel)}"${d.caceal == null ? '' : ` data-caceal="${Number(d.caceal)}"`}>${esc(rotulo(d))}</option>`).join('');
    return pagina('gov.br', `<h1>gov.br (simulador)</h1><p class="aviso">Provedor simulado para desenvolvimento e testes: nenhuma senha é pedida.</p>
<form method="post" action="${acao}">
<label>CPF <input name="sujeito" list="cpfs" required inputmode="numeric" autocomplete="off"></label><datalist id="cpfs">${opcoes}</datalist>
<label>Nome <input name="nome"></label>
<fieldset><legend>Nível da conta gov.br</legend>${NIVEIS_GOVBR.map((n, i) => `<label><input type="radio" name="nivel" value="${n}"${i === 0 ? ' checked' : ''}> ${n}</label>`).join('')}</fieldset>
<button type="submit">Entrar</button></form>`);
  }
  return pagina('Rede do Estado', `<h1>Rede do Estado (simulador)</h1><p class="aviso">Provedor simulado para desenvolvimento e testes: nenhuma senha é pedida.</p>
<form method="post" action="${acao}">
<label>Login <input name="sujeito" required autocomplete="off"></label>
<label>Nome <input name="nome"></label>
<fieldset><legend>Grupos</legend>${grupos.map((g) => `<label><input type="checkbox" name="grupo" value="${esc(g)}"> ${esc(g)}</label>`).join('')}</fieldset>
<button type="submit">Entrar</button></form>`);
}
