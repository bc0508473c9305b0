import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useNotify } from '../../components/notifications/notification-context';

/** App-wide route effects: a new page starts at the top and closes transient notifications. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const { clearTransient } = useNotify();
  const first = useRef(true);
  // Keyed on path and query only: in-page anchors (#gameplay) are not a new page.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearTransient();
    window.scrollTo(0, 0);
  }, [pathname, search, clearTransient]);
  return <Outlet />;
}
