/**
 * The one react-query client, created when the first screen that needs it loads (the login
 * page does not). A new sign-in starts from an empty cache: the menus, keys and lists of whoever
 * used this tab before are never shown to the next user (cleared when the new token arrives, not
 * at sign-out, so the screens still mounted during sign-out do not refetch without a token).
 */
import { QueryClient } from '@tanstack/react-query';
import { getToken, registerClientCache, subscribeSession } from '@/lib/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

registerClientCache('react-query', () => queryClient.clear());

let token = getToken();
subscribeSession(() => {
  const next = getToken();
  if (next && next !== token) queryClient.clear();
  token = next;
});
