import { describe, expect, it } from 'vitest';
import { AccountSettings, LoginRequest, passwordStrength, RegisterRequest } from './contracts.js';
import { loginReservado, nomeDaConta } from './nome.js';
import { hasAnyAuthority, Authority, ALL_AUTHORITIES, REPORT_AUTHORITIES } from '../roles.js';
import { parseValidationCode } from '../common/messages.js';

describe('RegisterRequest (§5 login, email, password rules)', () => {
  const ok = { login: "joao.silva_1'@-", email: 'Joao@Exemplo.com.br', password: 'abcd' };
  it('accepts the boundaries and trims the email', () => {
    expect(RegisterRequest.parse(ok)).toMatchObject({ login: ok.login, email: 'Joao@Exemplo.com.br', langKey: 'pt-br' });
    expect(RegisterRequest.safeParse({ ...ok, login: 'l'.repeat(50), password: 'p'.repeat(50) }).success).toBe(true);
    expect(RegisterRequest.parse({ ...ok, email: '  a@b.co  ' }).email).toBe('a@b.co');
  });
  it.each([
    ['login', '', 'required'],
    ['login', 'l'.repeat(51), 'maxlength'],
    ['login', 'com espaço', 'pattern'],
    ['login', 'ação', 'pattern'],
    ['password', 'abc', 'minlength'],
    ['password', 'p'.repeat(51), 'maxlength'],
    ['email', '', 'emailRequired'],
    ['email', '   ', 'emailRequired'],
    ['email', 'a@b', 'minlength'],
    ['email', 'sem-arroba.com', 'email'],
    ['email', `${'e'.repeat(95)}@x.com`, 'maxlength'],
  ])('%s = %j → %s', (field, value, code) => {
    const r = RegisterRequest.safeParse({ ...ok, [field]: value });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field)!;
    expect(parseValidationCode(issue.message).code).toBe(code);
  });
});

describe('other account contracts', () => {
  it('login request defaults rememberMe to false', () => {
    expect(LoginRequest.parse({ username: 'a', password: 'b' }).rememberMe).toBe(false);
  });
  it('settings need a known language', () => {
    expect(AccountSettings.safeParse({ email: 'a@b.com', langKey: 'fr' }).success).toBe(false);
    expect(AccountSettings.safeParse({ email: 'a@b.com', langKey: 'en', firstName: 'n'.repeat(51) }).success).toBe(false);
  });
});

describe('passwordStrength (five levels)', () => {
  it('grows with length and character classes', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('abcdEFGH12')).toBe(3);
    expect(passwordStrength('Abcd-1234-Efgh-5678')).toBe(4);
    expect(passwordStrength('abcdefgh')).toBeLessThan(passwordStrength('abcdEFGH'));
  });
});

describe('authorities', () => {
  it('any-of semantics; empty requirement needs nothing', () => {
    expect(hasAnyAuthority(['ROLE_USER'], [Authority.ADMIN, Authority.USER])).toBe(true);
    expect(hasAnyAuthority(['ROLE_USER'], [Authority.ADMIN])).toBe(false);
    expect(hasAnyAuthority(undefined, [Authority.USER])).toBe(false);
    expect(hasAnyAuthority(undefined, [])).toBe(true);
  });
  it('has the ten report roles of §6 and no duplicates', () => {
    expect(REPORT_AUTHORITIES).toHaveLength(10);
    expect(new Set(ALL_AUTHORITIES).size).toBe(ALL_AUTHORITIES.length);
  });
});

describe('nomeDaConta', () => {
  it("an account gov.br made is named by the person's name; any other by its login", () => {
    expect(nomeDaConta({ login: 'govbr-52998224725', firstName: 'MARIA', lastName: 'DAS DORES SILVA', createdBy: 'gov.br' })).toBe('MARIA DAS DORES SILVA');
    expect(nomeDaConta({ login: 'govbr-52998224725', firstName: null, lastName: null, createdBy: 'gov.br' })).toBe('govbr-52998224725');
    // What the server made decides, not what a login looks like.
    expect(nomeDaConta({ login: 'govbr-52998224725', firstName: 'Fulano', lastName: null, createdBy: 'anonymousUser' })).toBe('govbr-52998224725');
    expect(nomeDaConta({ login: 'atendente', firstName: 'Ana', lastName: 'Lima', createdBy: 'system' })).toBe('atendente');
    expect(nomeDaConta({ login: 'maria.silva', firstName: 'Maria', lastName: null, createdBy: 'rede-do-estado' })).toBe('maria.silva');
  });
  it('the logins gov.br accounts get are reserved', () => {
    expect(loginReservado('govbr-52998224725')).toBe(true);
    expect(loginReservado('GovBr-x')).toBe(true);
    expect(loginReservado('govbrasil')).toBe(false);
    expect(loginReservado('maria.govbr-1')).toBe(false);
  });
});
