import { describe, expect, it } from 'vitest';
import * as bu from '@brazilian-utils/brazilian-utils';
import { seededRng } from './digits.js';
import { formatCpf, generateCpf, isValidCpf, mascararCpfsNoTexto } from './cpf.js';
import { cnpjFromRoot, cnpjRoot, formatCnpj, generateCnpjRoot, isAlphanumericCnpj, isValidCnpj } from './cnpj.js';
import {
  CACEAL_POR_TIPO, cacealCheckDigit, cacealDoTipo, formatCaceal, generateCacealNumber, isValidCacealWithDigit, tipoDoCaceal, TIPOS_CACEAL, validarNumeroCaceal,
} from './caceal.js';
import { documentKind, isAlagoasCep, rotuloDocumentos } from './others.js';
import { UFS } from '../reference/uf.js';

const rng = seededRng(20261122);

/** Every single-character change of a valid document, with the position changed. */
function corruptions(valid: string, alphabet: string): { bad: string; pos: number }[] {
  const out: { bad: string; pos: number }[] = [];
  for (let i = 0; i < valid.length; i++) {
    for (const c of alphabet) if (c !== valid[i]) out.push({ bad: valid.slice(0, i) + c + valid.slice(i + 1), pos: i });
  }
  return out;
}

/**
 * Mod-11 check digits fold remainders 10 (and, for CNPJ, 0/1) into 0, so a few body corruptions are
 * valid documents in their own right. The property: every corruption of a check digit is rejected,
 * almost all body corruptions are, and on every corruption we agree with an independent implementation.
 */
function checkCorruptions(valid: string, alphabet: string, ours: (v: string) => boolean, theirs: (v: string) => boolean, checkDigits: number) {
  const all = corruptions(valid, alphabet);
  let rejected = 0;
  for (const { bad, pos } of all) {
    const r = ours(bad);
    expect(r, bad).toBe(theirs(bad));
    if (pos >= valid.length - checkDigits) expect(r, bad).toBe(false);
    if (!r) rejected++;
  }
  expect(rejected / all.length).toBeGreaterThan(0.9);
}

describe('CPF', () => {
  it('accepts known valid public examples and formats them', () => {
    for (const v of ['52998224725', '11144477735', '39053344705']) expect(isValidCpf(v)).toBe(true);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(isValidCpf('529.982.247-25')).toBe(true);
  });
  it('rejects repeated digits and wrong lengths', () => {
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });
  it('generated CPFs are valid, agree with @brazilian-utils, and check-digit corruptions always fail', () => {
    for (let i = 0; i < 200; i++) {
      const cpf = generateCpf(rng);
      expect(isValidCpf(cpf)).toBe(true);
      expect(bu.isValidCpf(cpf)).toBe(true);
      if (i < 20) checkCorruptions(cpf, '0123456789', isValidCpf, (v) => bu.isValidCpf(v), 2);
    }
  });
  it('is deterministic for a seed', () => {
    expect(generateCpf(seededRng(1))).toBe(generateCpf(seededRng(1)));
  });
  it('masks CPF-shaped text in free text, formatted or not, and leaves CNPJs, CACEALs and phones alone', () => {
    expect(mascararCpfsNoTexto('Sócio 123.456.789-09 não localizado; ver 98765432100.')).toBe('Sócio ***.456.789-** não localizado; ver ***.654.321-**.');
    expect(mascararCpfsNoTexto('CPF:123456789-09')).toBe('CPF:***.456.789-**');
    for (const t of ['CNPJ 12.345.678/0001-95', '12345678000195', 'CACEAL 24.000.001-0', 'tel. (82) 99988-7766', 'processo 123456789012']) expect(mascararCpfsNoTexto(t)).toBe(t);
  });
});

describe('CNPJ, numeric and alphanumeric', () => {
  it('accepts known valid examples (incl. Receita’s alphanumeric example) and formats them', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(isAlphanumericCnpj('12ABC34501DE35')).toBe(true);
    expect(isAlphanumericCnpj('11222333000181')).toBe(false);
    expect(cnpjRoot('11.222.333/0001-81')).toBe('11222333');
  });
  it('rejects letters in the check digits, repeated digits, wrong lengths', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
  it('generated head office and branches are valid, agree with @brazilian-utils, and reject every corruption', () => {
    for (let i = 0; i < 100; i++) {
      const alnum = i % 2 === 1;
      const root = generateCnpjRoot(rng, alnum);
      for (const ordem of [1, 2, 57]) {
        const cnpj = cnpjFromRoot(root, ordem);
        expect(isValidCnpj(cnpj), cnpj).toBe(true);
        expect(bu.isValidCnpj(cnpj, { version: 2 }), cnpj).toBe(true);
        expect(cnpjRoot(cnpj)).toBe(root);
      }
      if (i < 6) {
        const cnpj = cnpjFromRoot(root, 1);
        const alphabet = alnum ? '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' : '0123456789';
        checkCorruptions(cnpj, alphabet, isValidCnpj, (v) => bu.isValidCnpj(v, { version: 2 }), 2);
      }
    }
  });
});

describe('CACEAL (Alagoas state registration)', () => {
  // @brazilian-utils does not check SINTEGRA's type digit (see independente.test.ts): add it to theirs.
  const alSintegra = (v: string) => bu.isValidIe('AL', v) && (TIPOS_CACEAL as readonly number[]).includes(Number(v[2]));
  it('agrees with the Alagoas inscrição estadual rule of @brazilian-utils (plus the type digit)', () => {
    for (let i = 0; i < 500; i++) {
      const n = generateCacealNumber(rng);
      const full = n + cacealCheckDigit(n);
      expect(isValidCacealWithDigit(full)).toBe(true);
      expect(bu.isValidIe('AL', full), full).toBe(true);
      if (i < 20) checkCorruptions(full, '0123456789', isValidCacealWithDigit, alSintegra, 1);
    }
  });
  it('a known registration and its display', () => {
    expect(cacealCheckDigit('24000004')).toBe(8);
    expect(isValidCacealWithDigit('240000048')).toBe(true);
    expect(formatCaceal('24000004')).toBe('24000004-8');
  });
  it('the third digit is the company type (SINTEGRA): 0, 3, 5, 7, 8', () => {
    expect(TIPOS_CACEAL).toEqual([0, 3, 5, 7, 8]);
    for (const t of TIPOS_CACEAL) {
      expect(tipoDoCaceal(`24${t}12345`)).toBe(t);
      expect(validarNumeroCaceal(Number(`24${t}12345`))).toBeNull();
    }
    for (const t of [1, 2, 4, 6, 9]) {
      expect(tipoDoCaceal(`24${t}12345`)).toBeNull();
      expect(validarNumeroCaceal(`24${t}12345`)).toBe('cacealTipo');
      const n = `24${t}12345`;
      expect(isValidCacealWithDigit(n + cacealCheckDigit(n))).toBe(false);
    }
    for (const bad of ['25012345', '2401234', '240123456', '24.01234', ' 24012345', '']) expect(validarNumeroCaceal(bad)).toBe('caceal');
    expect(validarNumeroCaceal(24_012_345.5)).toBe('caceal');
  });
  it('cacealDoTipo: 24 + type + 5-digit sequence, 100,000 per type, refuses past them', () => {
    expect(cacealDoTipo(0, 0)).toBe(24_000_000);
    expect(cacealDoTipo(3, 1)).toBe(24_300_001);
    expect(cacealDoTipo(8, CACEAL_POR_TIPO - 1)).toBe(24_899_999);
    for (const t of TIPOS_CACEAL) for (const k of [0, 1, 54_321, 99_999]) expect(tipoDoCaceal(cacealDoTipo(t, k))).toBe(t);
    expect(() => cacealDoTipo(8, CACEAL_POR_TIPO)).toThrow(/CACEAL do tipo 8 esgotado: cada tipo tem 100000 números/);
    expect(() => cacealDoTipo(0, -1)).toThrow(/esgotado/);
    expect(() => cacealDoTipo(1, 0)).toThrow(/terceiro dígito é 0, 3, 5, 7 ou 8/);
    expect(generateCacealNumber(seededRng(3), 7)).toMatch(/^247\d{5}$/);
  });
});

describe('CEP, document kind, UFs', () => {
  it('CEP', () => {
    expect(isAlagoasCep('57020-000')).toBe(true);
    expect(isAlagoasCep('01310-100')).toBe(false);
  });
  it('fewer than 12 characters is a CPF (§5)', () => {
    expect(documentKind('52998224725')).toBe('CPF');
    expect(documentKind('11222333000181')).toBe('CNPJ');
  });
  it('a column of registration documents is called by what it holds (§3: a `cnpj` may hold a CPF)', () => {
    expect(rotuloDocumentos(['52998224725'])).toBe('CPF');
    expect(rotuloDocumentos(['11222333000181', '11222333000181'])).toBe('CNPJ');
    expect(rotuloDocumentos(['11222333000181', '52998224725'])).toBe('CNPJ/CPF');
    expect(rotuloDocumentos([])).toBe('CNPJ');
  });
  it('the 27 UFs agree with IBGE as carried by @brazilian-utils', () => {
    const theirs = bu.getStates().map((s) => `${s.code}:${s.ibgeCode}`).sort();
    expect(UFS.map((u) => `${u.sigla}:${u.ibge}`).sort()).toEqual(theirs);
  });
});
