import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { DadosCadastrais, PaginaContribuintes } from '@cadastro/domain';
import { compiledSerializerCompiler, onlyChecks, responseSerializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (d: unknown) => string;
const zodProvider = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string;

describe('response serializer', () => {
  it('tells schemas that only check from those that change the value, however deep', () => {
    expect(onlyChecks(PaginaContribuintes)).toBe(true);
    expect(onlyChecks(DadosCadastrais)).toBe(true);
    expect(onlyChecks(z.object({ a: z.array(z.union([z.string(), z.object({ b: z.number().nullable() })])) }))).toBe(true);
    expect(onlyChecks(z.object({ a: z.array(z.object({ b: z.string().transform((s) => s.length) })) }))).toBe(false);
    expect(onlyChecks(z.object({ a: z.string().optional().default('x') }))).toBe(false);
    expect(onlyChecks(z.record(z.string(), z.string().pipe(z.string())))).toBe(false);
  });

  it('writes what the zod type provider writes: unknown keys dropped', () => {
    const pagina = {
      content: [{ numeroPessoa: 1, numeroCaceal: 24000001, digitoCaceal: 5, cnpj: '12345678000195', razaoSocial: 'AÇÚCAR LTDA', situacaoCadastral: 'ATIVO', senha: 'x' }],
      totalElements: 1, totalPages: 1, totalIsLowerBound: false, interno: true,
    };
    const json = compile(PaginaContribuintes)(pagina);
    expect(json).toBe(zodProvider(PaginaContribuintes)(pagina));
    expect(json).not.toContain('senha');
    expect(json).not.toContain('interno');
  });

  it('refuses a response that does not match, with the provider error', () => {
    const wrong = { content: [], totalElements: '1', totalPages: 1, totalIsLowerBound: false };
    let error: unknown;
    try {
      compile(PaginaContribuintes)(wrong);
    } catch (e) {
      error = e;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('keeps encoding (codecs backwards) for schemas that change the value', () => {
    const schema = z.object({ quando: z.codec(z.iso.date(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString().slice(0, 10) }) });
    expect(compile(schema)({ quando: new Date('2026-11-23T12:00:00Z') })).toBe('{"quando":"2026-11-23"}');
  });

  it('the compiled serializer of the search page writes what zod writes, drops unknown keys, refuses a missing field', () => {
    const compilado = compiledSerializerCompiler({ schema: PaginaContribuintes, method: 'GET', url: '/x', httpStatus: '200' }) as (d: unknown) => string;
    const linha = { numeroPessoa: 7, numeroCaceal: 24000001, digitoCaceal: 5, cnpj: '12345678000195', razaoSocial: 'AÇÚCAR "DO" \\ LTDA\u2028', situacaoCadastral: 'ATIVO' };
    const pagina = { content: [{ ...linha, senha: 'x' }, linha], totalElements: 2, totalPages: 1, totalIsLowerBound: false, interno: true };
    expect(compilado(pagina)).toBe(zodProvider(PaginaContribuintes)(pagina));
    expect(JSON.parse(compilado(pagina))).toEqual({ content: [linha, linha], totalElements: 2, totalPages: 1, totalIsLowerBound: false });
    expect(() => compilado({ ...pagina, content: [{ ...linha, cnpj: undefined }] })).toThrow();
    expect(() => compilado({ ...pagina, totalElements: 'muitos' })).toThrow();
    expect(() => compiledSerializerCompiler({ schema: z.object({ a: z.string().transform((s) => s.length) }), method: 'GET', url: '/x', httpStatus: '200' })).toThrow();
  });
});

