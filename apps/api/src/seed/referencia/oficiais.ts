import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as bu from '@brazilian-utils/brazilian-utils';
import countries from 'i18n-iso-countries';

/**
 * Reference data taken from official sources as carried by packages (never typed by hand):
 * - IBGE UFs and municipalities, CONCLA CNAE 2.3 subclasses and natureza jurídica:
 *   @brazilian-utils/brazilian-utils;
 * - countries: ISO 3166-1 (numeric code and Portuguese name) from i18n-iso-countries.
 */
export function ufs() {
  return bu.getStates().map((s) => ({ sigla: s.code, codigoIbge: s.ibgeCode, nome: s.name }));
}

export function municipios() {
  return bu.getMunicipalities().map((m) => ({ id: Number(m.code), nome: m.name, uf: m.stateCode }));
}

export function naturezasJuridicas() {
  return Object.entries(bu.getLegalNatures() as Record<string, string>).map(([codigo, descricao]) => ({
    id: Number(codigo),
    codigo,
    descricao,
  }));
}

/**
 * CNAE 2.3 subclasses. The package answers one code at a time (getCnae), so the candidate codes
 * are read from its data file and each one is confirmed — and described — through the public call.
 */
export function cnaes(): { id: string; descricao: string }[] {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('@brazilian-utils/brazilian-utils'));
  const candidates = new Set<string>();
  for (const f of fs.readdirSync(dist).filter((n) => n.startsWith('get-cnae') && n.endsWith('.js'))) {
    for (const m of fs.readFileSync(path.join(dist, f), 'utf8').matchAll(/"(\d{7})":/g)) candidates.add(m[1]!);
  }
  const out: { id: string; descricao: string }[] = [];
  for (const code of [...candidates].sort()) {
    const c = bu.getCnae(code);
    if (c) out.push({ id: c.code, descricao: c.description });
  }
  return out;
}

export function paises() {
  const require = createRequire(import.meta.url);
  countries.registerLocale(require('i18n-iso-countries/langs/pt.json'));
  const names = countries.getNames('pt', { select: 'official' });
  return Object.entries(names)
    .map(([sigla, nome]) => ({ id: Number(countries.alpha2ToNumeric(sigla)), sigla, nome }))
    .filter((p) => Number.isFinite(p.id))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}
