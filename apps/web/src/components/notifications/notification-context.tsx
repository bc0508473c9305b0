import { createContext, use, useCallback, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createNotification, notificationsReducer } from './notification-store';
import type { AppNotification, NotificationOptions, NotificationType } from './notification-types';
import { NotificationViewport } from './notification-viewport';

type Shortcut = (message: string, options?: Omit<NotificationOptions, 'type'>) => number;

export interface Notify {
  notify: (message: string, options?: NotificationOptions) => number;
  success: Shortcut;
  info: Shortcut;
  warning: Shortcut;
  error: Shortcut;
  dismiss: (idOrKey: number | string) => void;
  /** Closes every non-persistent notification (called on navigation). */
  clearTransient: () => void;
}

const NotifyContext = createContext<Notify | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, dispatch] = useReducer(notificationsReducer, [] as AppNotification[]);
  const nextId = useRef(1);

  const notify = useCallback((message: string, options?: NotificationOptions) => {
    const id = nextId.current++;
    dispatch({ kind: 'add', notification: createNotification(id, message, options) });
    return id;
  }, []);

  const dismissById = useCallback((id: number) => dispatch({ kind: 'dismiss', id }), []);

  const api = useMemo<Notify>(() => {
    const shortcut =
      (type: NotificationType): Shortcut =>
      (message, options) =>
        notify(message, { ...options, type });
    return {
      notify,
      success: shortcut('success'),
      info: shortcut('info'),
      warning: shortcut('warning'),
      error: shortcut('error'),
      dismiss: (idOrKey) => dispatch(typeof idOrKey === 'number' ? { kind: 'dismiss', id: idOrKey } : { kind: 'dismiss-key', key: idOrKey }),
      clearTransient: () => dispatch({ kind: 'clear-transient' }),
    };
  }, [notify]);

  return (
    <NotifyContext value={api}>
      {children}
      <NotificationViewport notifications={notifications} onDismiss={dismissById} />
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const api = use(NotifyContext);
  if (!api) throw new Error('useNotify must be used inside <NotificationProvider>');
  return api;
}
