import { hasAnyAuthority, LEITORES_DO_CADASTRO, mascararCpf, type Fic } from '@cadastro/domain';
import type { Database } from '../../db/client.js';
import type { Principal } from '../../platform/auth/tokens.js';
import { eDoUsuario } from '../contribuinte/meu-cadastro.js';

/**
 * Whether the caller reads for the registry. Only then does a FIC print use the staff's PDF lane and
 * count as an act of the registry (it blocks undoing the registration); anyone else — anonymous or
 * any other account, a self-registered one included — is the public.
 */
export const leDoCadastro = (principal: Principal | null): boolean => hasAnyAuthority(principal?.authorities, LEITORES_DO_CADASTRO);

/**
 * LGPD, the one rule of the three FIC routes: an individual's whole CPF goes to the registry's readers
 * and to the account linked to that registration's person (or its head office's: eDoUsuario, as meu
 * cadastro decides); anyone else gets ***.456.789-**. Decided from the FIC actually read — for a
 * checked code, the issued snapshot.
 */
export async function ficParaQuemPede<T extends Pick<Fic, 'cnpj' | 'numeroPessoa' | 'numeroPessoaRaiz'>>(
  database: Database,
  principal: Principal | null,
  fic: T,
): Promise<T> {
  if (fic.cnpj.length !== 11 || leDoCadastro(principal)) return fic;
  // In a transaction: replica routing leaves transactions on the primary, where who may see what is decided.
  const dono = principal !== null
    && (await database.db.transaction((tx) => eDoUsuario(tx, principal.id, { numeroPessoa: fic.numeroPessoa, raiz: fic.numeroPessoaRaiz })));
  return dono ? fic : { ...fic, cnpj: mascararCpf(fic.cnpj) };
}
