import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Carregando } from '../ui/Carregando';
import { useSession } from '../ui/session';
import { storageKeys, writeStored } from '../ui/storage';
import type { AppRoute } from './routes';

/**
 * §2 access rule: an anonymous user on a guarded route is sent to accessdenied, the target is
 * stored and the login modal opens (after login the target opens); a signed-in user without the
 * role is refused. The server enforces the same authorities on every call.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const needs = route.authorities;
  const anonymousOnGuarded = !!needs && !session.loading && !session.authenticated && !session.signedOutOnPurpose;

  useEffect(() => {
    if (anonymousOnGuarded) {
      writeStored(storageKeys.requestedUrl, location.pathname + location.search, false);
      session.openLogin();
    }
  }, [anonymousOnGuarded, location.pathname, location.search, session]);

  if (!needs) return <>{children}</>;
  if (session.loading) return <Carregando h={200} />;
  // Signing out on a guarded page goes home; an expired session asks to sign in again.
  if (!session.authenticated) return <Navigate to={session.signedOutOnPurpose ? '/' : '/accessdenied'} replace />;
  if (!session.hasAnyAuthority(needs)) return <Navigate to="/accessdenied" replace state={{ forbidden: true }} />;
  return <>{children}</>;
}
