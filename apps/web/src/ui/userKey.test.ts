import { isCancelledError, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetCachedData, userScoped } from './userKey';

const ana = { id: 7 };
const bia = { id: 8 };

describe('query keys scoped by user', () => {
  it('names the user first, so two users never share an entry', () => {
    expect(userScoped(ana, ['meu-cadastro'])).toEqual(['user', 7, 'meu-cadastro']);
    expect(userScoped(bia, ['meu-cadastro'])).not.toEqual(userScoped(ana, ['meu-cadastro']));
    expect(userScoped(null, ['meu-cadastro'])).toEqual(['user', null, 'meu-cadastro']);
    expect(userScoped(undefined, ['x'])).toEqual(userScoped(null, ['x']));
  });

  it("one user's cached answer is not found under another's key; a user prefix matches only theirs", () => {
    const qc = new QueryClient();
    qc.setQueryData(userScoped(ana, ['contribuinte', 'dados', 1, undefined]), { razaoSocial: 'ANA LTDA' });
    qc.setQueryData(userScoped(bia, ['contribuinte', 'dados', 2, undefined]), { razaoSocial: 'BIA ME' });
    expect(qc.getQueryData(userScoped(bia, ['contribuinte', 'dados', 1, undefined]))).toBeUndefined();
    expect(qc.getQueriesData({ queryKey: userScoped(ana, []) }).map(([, d]) => d)).toEqual([{ razaoSocial: 'ANA LTDA' }]);
  });
});

describe('forgetting everything when the user changes', () => {
  it('empties the cache, and a call still in flight lands nowhere', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['profile-info'], { apiDocs: true });
    qc.setQueryData(userScoped(ana, ['meu-cadastro']), { nome: 'ANA' });
    let answer!: (v: unknown) => void;
    const late = qc.fetchQuery({ queryKey: userScoped(ana, ['contribuinte', 'dados', 1]), queryFn: () => new Promise((r) => (answer = r)) });

    forgetCachedData(qc);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    expect(isCancelledError(await late.catch((e: unknown) => e))).toBe(true);
    answer({ razaoSocial: 'ANA LTDA' });
    await Promise.resolve();
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});
