import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_DIGITOS, TOTP_PERIODO_S } from '@cadastro/domain';

/** The name authenticator apps show above the code. */
const EMISSOR = 'Cadastro SEFAZ-AL';
/** A code of the step before or after the server's clock is still taken (a phone a few seconds off). */
const TOLERANCIA_S = TOTP_PERIODO_S;

/**
 * TOTP (RFC 6238) with otplib, and the sealing of the secrets at rest: AES-256-GCM under a key of its
 * own (MFA_SECRET_KEY) or, unset, one derived from the JWT secret with HKDF — a database dump alone
 * yields no second factor.
 */
export class Totp {
  private readonly chave: Buffer;
  constructor(segredoBase: string) {
    this.chave = Buffer.from(crypto.hkdfSync('sha256', segredoBase, 'cadastro', 'segundo-fator/segredo', 32));
  }

  novoSegredo(): string {
    return generateSecret();
  }

  /** iv.tag.cifra, base64url. */
  cifrar(segredo: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.chave, iv);
    const cifra = Buffer.concat([c.update(segredo, 'utf8'), c.final()]);
    return [iv, c.getAuthTag(), cifra].map((b) => b.toString('base64url')).join('.');
  }

  decifrar(selado: string): string {
    const [iv, tag, cifra] = selado.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !cifra) throw new Error('sealed TOTP secret malformed');
    const d = crypto.createDecipheriv('aes-256-gcm', this.chave, iv);
    d.setAuthTag(tag);
    return Buffer.concat([d.update(cifra), d.final()]).toString('utf8');
  }

  /** The time step the code belongs to, or null; a step at or before `depoisDe` (already used) is refused. */
  async passoDoCodigo(segredo: string, codigo: string, depoisDe: number | null): Promise<number | null> {
    const r = await verify({
      secret: segredo, token: codigo, digits: TOTP_DIGITOS, period: TOTP_PERIODO_S, epochTolerance: TOLERANCIA_S,
      ...(depoisDe === null ? {} : { afterTimeStep: depoisDe }),
    });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  }

  /** What the enrolment screen shows: the otpauth URI and its QR code, drawn here as an SVG data URL (no outside service). */
  async inscricao(segredo: string, login: string) {
    const otpauthUri = generateURI({ issuer: EMISSOR, label: login, secret: segredo, digits: TOTP_DIGITOS, period: TOTP_PERIODO_S });
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { segredo, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }
}

/** Ten characters in two groups (xxxxx-xxxxx), from an alphabet without look-alikes. */
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789';
export function novoCodigoRecuperacao(): string {
  const s = Array.from({ length: 10 }, () => ALFABETO[crypto.randomInt(ALFABETO.length)]).join('');
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
