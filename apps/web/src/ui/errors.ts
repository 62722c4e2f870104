import type { TFunction } from 'i18next';
import { codigoConhecido, lerCodigoRegra, textoCampo } from '@cadastro/domain';
import { HttpError } from './http';

/**
 * §8 "HTTP listener": the text shown for a failed call.
 * 0 → 'Server not reachable'; 400 → app-error header, else field errors, else body message;
 * 401 → 'Faça login para continuar.' (the alert helper's rule: whatever the server said, the user
 * only needs to sign in again); 404 → 'Not found'; others → body message. A message that is an i18n key is translated;
 * otherwise the problem's detail is preferred.
 */
export function httpErrorMessage(err: unknown, t: TFunction): string {
  if (!(err instanceof HttpError)) return err instanceof Error ? err.message : t('error.generic');
  const p = err.problem;
  const fromBody = () => {
    if (p?.message && p.message.startsWith('error.') && t(p.message, { defaultValue: '' })) return t(p.message);
    return p?.detail ?? p?.message ?? (err.bodyText || t('error.generic'));
  };
  switch (err.status) {
    case 0:
      return t('error.server.not.reachable');
    case 400: {
      const appError = err.headers?.get('x-app-error') ?? err.headers?.get('x-cadastroapp-error');
      if (appError) return t(appError, { param: err.headers?.get('x-app-params') ?? '' });
      if (p?.fieldErrors?.length) {
        // Each field by its screen name and what to do (issue #39 §9), in our words where we have
        // them; an unknown key gives way to the server's own explanation (detail), never the bare key.
        const idioma = t('idioma') === 'en' ? 'en' : 'pt';
        const palavra = (f: { message: string }) => {
          const c = lerCodigoRegra(f.message);
          const texto = t(`validation.${c.codigo}`, { n: c.n, defaultValue: '' });
          if (!texto) return undefined;
          // A rule broken on another registration the change reaches (issue 39 §6) names it first.
          return c.inscricao ? `${t('validation.naInscricao', { n: c.inscricao })} ${texto}` : texto;
        };
        const known = p.fieldErrors.filter((f) => palavra(f) || codigoConhecido(f.field, f.message));
        if (known.length < p.fieldErrors.length && p.detail) return p.detail;
        return known.map((f) => textoCampo(f.field, f.message, idioma, palavra(f))).join('; ');
      }
      return fromBody();
    }
    case 401:
      return t('error.http.401');
    case 404:
      return t('error.http.404');
    default:
      return fromBody();
  }
}
