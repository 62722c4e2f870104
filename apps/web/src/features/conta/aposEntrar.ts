import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearStored, readStored, storageKeys } from '../../ui/storage';

const ACCOUNT_PAGES = /^\/(register|activate|reset|segundo-fator)/;

/** Where a sign-in lands: the page asked for before it, else home when it happened on an account page. */
export function useAposEntrar() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const target = readStored(storageKeys.requestedUrl);
    clearStored(storageKeys.requestedUrl);
    if (target) void navigate(target);
    else if (ACCOUNT_PAGES.test(location.pathname) || location.pathname === '/accessdenied') void navigate('/');
  }, [navigate, location.pathname]);
}
