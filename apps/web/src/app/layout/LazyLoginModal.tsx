import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../ui/session';

const LoginModal = lazy(() => import('../../features/conta/LoginModal'));

/**
 * The login modal and its form library are fetched the first time sign-in is asked for, not on every
 * first page load; once loaded it stays mounted (its closing transition, its state).
 */
export function LazyLoginModal() {
  const { loginOpen } = useSession();
  const [wanted, setWanted] = useState(loginOpen);
  if (loginOpen && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}><LoginModal /></Suspense> : null;
}
