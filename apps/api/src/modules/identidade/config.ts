import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { Authority, isAuthority } from '@cadastro/domain';
import { ConfigError, type Config } from '../../config.js';

export type ProvedorId = 'govbr' | 'estado';

export interface ProvedorConfig {
  id: ProvedorId;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** PKCS#8 PEM file for private_key_jwt client authentication (instead of a secret). */
  privateKeyFile: string | undefined;
  scope: string;
  /** The built-in simulator (dev profile, no issuer configured): plain http, reached in-process. */
  simulado: boolean;
}

export interface IdentidadeConfig {
  govbr: ProvedorConfig | null;
  estado: ProvedorConfig | null;
  /** Base of gov.br's reliability API (…/confiabilidades/v3/contas/{cpf}/niveis). */
  niveisUrl: string | null;
  gruposClaim: string;
  /** Provider group → §6 roles; a staff account holds the union of its groups' roles, nothing else. */
  gruposPapeis: Readonly<Record<string, readonly Authority[]>>;
  senhaEquipe: boolean;
}

const A = Authority;
const CLERK = [A.CON_DADOS_CONTRI, A.CON_SITU_CONTRI, A.CON_PESSOA, A.CON_HISTORICO, A.CON_PEND_OFICIO, A.CON_EDITAL];
/** The simulator's directory groups, one per demo profile (the state's real names come with OIDC_GROUP_ROLES). */
export const GRUPOS_DEMO: Readonly<Record<string, readonly Authority[]>> = {
  'cadastro-atendimento': CLERK,
  'cadastro-fiscalizacao': [A.MAN_DADOS_CONTRI, A.ALT_SITU_CNPJ, A.MAN_PEND_OFICIO, A.CAD_PESSOA_INFOC],
  'cadastro-editais': [A.CON_EDITAL, A.CON_EDITAL_PUBLI, A.EDITAR_EDITAL],
  'cadastro-relatorios': [A.REL_CONT_ATI, A.REL_EVENTOS, A.REL_CACE_ATI],
  'cadastro-admin': [A.ADMIN],
};

const GruposPapeis = z.record(z.string().min(1), z.array(z.string().refine(isAuthority, 'not a §6 role')));

/** The providers this start offers: configured ones, else (dev profile) the simulator; prod with none → none. */
export function identidadeConfig(config: Config): IdentidadeConfig {
  const e = config.identidade;
  const simular = config.profile === 'dev';
  const chave = (v: string, arquivo: string | undefined) => {
    if (arquivo) conferirChave(`${v}_PRIVATE_KEY_FILE`, arquivo);
    return arquivo;
  };
  const provedor = (id: ProvedorId, issuer: string | undefined, clientId: string | undefined, secret: string | undefined, keyFile: string | undefined, scope: string): ProvedorConfig | null => {
    if (issuer) {
      const v = id === 'govbr' ? 'GOVBR' : 'OIDC';
      if (!clientId || (!secret && !keyFile)) throw new ConfigError(`Invalid configuration:\n  ${v}_ISSUER needs ${v}_CLIENT_ID and ${v}_CLIENT_SECRET or ${v}_PRIVATE_KEY_FILE`);
      return { id, issuer, clientId, clientSecret: secret, privateKeyFile: keyFile, scope, simulado: false };
    }
    if (!simular) return null;
    // A key file without an issuer: the simulator registers the client for private_key_jwt with that key's public part.
    const segredo = keyFile ? undefined : crypto.randomBytes(24).toString('base64url');
    return { id, issuer: `${config.baseUrl}/simulador/${id}`, clientId: 'cadastro', clientSecret: segredo, privateKeyFile: keyFile, scope, simulado: true };
  };
  const govbr = provedor('govbr', e.GOVBR_ISSUER, e.GOVBR_CLIENT_ID, e.GOVBR_CLIENT_SECRET, chave('GOVBR', e.GOVBR_PRIVATE_KEY_FILE), 'openid email profile phone govbr_confiabilidades');
  const estado = provedor('estado', e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, chave('OIDC', e.OIDC_PRIVATE_KEY_FILE), 'openid email profile groups');
  let gruposPapeis: Record<string, readonly Authority[]> = GRUPOS_DEMO;
  if (e.OIDC_GROUP_ROLES) {
    let json: unknown;
    try {
      json = JSON.parse(e.OIDC_GROUP_ROLES);
    } catch {
      json = undefined;
    }
    const r = GruposPapeis.safeParse(json);
    if (!r.success) throw new ConfigError('Invalid configuration:\n  OIDC_GROUP_ROLES: a JSON object {"group": ["ROLE_…", …]} of §6 roles');
    gruposPapeis = r.data as Record<string, Authority[]>;
  } else if (estado && !estado.simulado) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER needs OIDC_GROUP_ROLES (which groups give which roles)');
  }
  return {
    govbr,
    estado,
    niveisUrl: govbr ? (govbr.simulado ? govbr.issuer : (e.GOVBR_NIVEIS_URL ?? 'https://api.acesso.gov.br')) : null,
    gruposClaim: e.OIDC_GROUPS_CLAIM,
    gruposPapeis,
    senhaEquipe: e.STAFF_PASSWORD_SIGNIN,
  };
}

/** A key file that cannot sign RS256 client assertions stops the start, not the first sign-in. */
function conferirChave(variavel: string, arquivo: string) {
  let tipo: string | undefined;
  try {
    tipo = crypto.createPrivateKey(fs.readFileSync(arquivo)).asymmetricKeyType;
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${variavel}: ${arquivo} is not a readable private key (PKCS#8 PEM): ${(err as Error).message}`);
  }
  if (tipo !== 'rsa') throw new ConfigError(`Invalid configuration:\n  ${variavel}: an RSA key is needed (RS256 client assertions), not ${tipo}`);
}

/** The roles a staff sign-in gets from its groups: ROLE_USER plus the union of the mapped groups' roles. */
export function papeisDosGrupos(tabela: IdentidadeConfig['gruposPapeis'], grupos: readonly string[]): Authority[] {
  const papeis = new Set<Authority>();
  for (const g of grupos) for (const p of tabela[g] ?? []) papeis.add(p);
  if (papeis.size) papeis.add(A.USER);
  return [...papeis].sort();
}
