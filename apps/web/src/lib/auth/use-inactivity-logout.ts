import { useEffect } from 'react';
import { browserClock, createInactivityTimer, type Clock } from './inactivity-timer';
import { MSG_INACTIVITY_WARNING } from './session-messages';
import type { Notify } from '../../components/notifications/notification-context';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;
const WARNING_KEY = 'session-inactivity-warning';

/** While `active`, signs the user out after 60 idle minutes, warning at 54. */
export function useInactivityLogout(active: boolean, notify: Notify, logout: () => void, clock: Clock = browserClock): void {
  useEffect(() => {
    if (!active) return;
    const timer = createInactivityTimer({
      clock,
      onWarn: () => notify.warning(MSG_INACTIVITY_WARNING, { persist: true, key: WARNING_KEY }),
      onResume: () => notify.dismiss(WARNING_KEY),
      onTimeout: () => {
        notify.dismiss(WARNING_KEY);
        logout();
      },
    });
    const onActivity = () => timer.activity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    timer.start();
    return () => {
      timer.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [active, notify, logout, clock]);
}
