// Notification defaults from docs/product.md#constants-and-limits: top-right, autohide on, 5000 ms, stacking on, offset 20.

export type NotificationType = 'success' | 'info' | 'warning' | 'error' | 'default';
export type NotificationPosition = 'top-right' | 'top-center';

export interface NotificationOptions {
  type?: NotificationType;
  /** Persistent notifications never auto-hide and survive navigation. */
  persist?: boolean;
  position?: NotificationPosition;
  autohideMs?: number;
  /** Same key replaces the older notification instead of stacking a duplicate. */
  key?: string;
}

export interface AppNotification {
  id: number;
  key?: string;
  message: string;
  type: NotificationType;
  persist: boolean;
  position: NotificationPosition;
  autohideMs: number;
}

export const NOTIFICATION_AUTOHIDE_MS = 5000;
export const NOTIFICATION_OFFSET_PX = 20;
export const NOTIFICATION_DEFAULT_POSITION: NotificationPosition = 'top-right';
