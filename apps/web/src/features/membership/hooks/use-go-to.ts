import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isExternalUrl } from '../lib/destination';

/** Follows an address a billing call answered: another site by a page load, our own paths by the router. */
export function useGoTo(): (url: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (url, options) => {
      if (isExternalUrl(url)) window.location.assign(url);
      else void navigate(url, options);
    },
    [navigate],
  );
}
