import { NOTIFICATION_AUTOHIDE_MS, NOTIFICATION_DEFAULT_POSITION, type AppNotification, type NotificationOptions } from './notification-types';

export type NotificationAction =
  { kind: 'add'; notification: AppNotification } | { kind: 'dismiss'; id: number } | { kind: 'dismiss-key'; key: string } | { kind: 'clear-transient' };

export function createNotification(id: number, message: string, options: NotificationOptions = {}): AppNotification {
  return {
    id,
    key: options.key,
    message,
    type: options.type ?? 'default',
    persist: options.persist ?? false,
    position: options.position ?? NOTIFICATION_DEFAULT_POSITION,
    autohideMs: options.autohideMs ?? NOTIFICATION_AUTOHIDE_MS,
  };
}

/** Pure state transitions so the rules (dedupe by key, navigation clearing) are unit-testable. */
export function notificationsReducer(state: AppNotification[], action: NotificationAction): AppNotification[] {
  switch (action.kind) {
    case 'add': {
      const { key } = action.notification;
      const rest = key ? state.filter((n) => n.key !== key) : state;
      return [...rest, action.notification];
    }
    case 'dismiss':
      return state.filter((n) => n.id !== action.id);
    case 'dismiss-key':
      return state.filter((n) => n.key !== action.key);
    case 'clear-transient':
      return state.some((n) => !n.persist) ? state.filter((n) => n.persist) : state;
  }
}
