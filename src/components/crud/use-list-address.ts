/**
 * Where a list keeps its state: the address of the screen it is on (its own address for a
 * screen kept hidden in a tab, see KeepAliveOutlet), or — outside a router, or for a second list
 * on a screen that leaves the address to the first — a state of its own.
 *
 * React Router's contexts are read directly instead of useLocation / useNavigate, which throw
 * outside a router: a list drawn on its own (a test, a dialog) works the same without one.
 */
import { useContext, useState } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
} from 'react-router-dom';

export interface ListAddress {
  /** The query string now (`?…` or ''). */
  search: string;
  /** Goes to the same screen with `search`: a new history entry, the scroll left where it is. */
  go: (search: string) => void;
}

export function useListAddress(inAddress: boolean): ListAddress {
  const location = useContext(LocationContext)?.location;
  const navigation = useContext(NavigationContext);
  const [ownSearch, setOwnSearch] = useState('');
  if (!inAddress || !location || !navigation)
    return { search: ownSearch, go: (search) => setOwnSearch(search) };
  return {
    search: location.search,
    go: (search) => {
      if (search === location.search) return;
      navigation.navigator.push(
        { pathname: location.pathname, search, hash: location.hash },
        undefined,
        { preventScrollReset: true },
      );
    },
  };
}
