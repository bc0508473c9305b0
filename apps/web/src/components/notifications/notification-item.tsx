import { useEffect, useRef, useState } from 'react';
import type { AppNotification, NotificationType } from './notification-types';

const STYLES: Record<NotificationType, { box: string; icon: string; label: string }> = {
  success: { box: 'border-emerald-400/60', icon: 'text-emerald-300', label: 'Success' },
  info: { box: 'border-cyan-400/60', icon: 'text-cyan-300', label: 'Info' },
  warning: { box: 'border-amber-400/70', icon: 'text-amber-300', label: 'Warning' },
  error: { box: 'border-rose-400/70', icon: 'text-rose-300', label: 'Error' },
  default: { box: 'border-white/20', icon: 'text-slate-200', label: 'Notice' },
};

const ICON_PATHS: Record<NotificationType, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 8h.01M11 12h1v5h1',
  warning: 'M12 8v5m0 3h.01',
  error: 'M8 8l8 8M16 8l-8 8',
  default: 'M8 12h8',
};

interface Props {
  notification: AppNotification;
  onDismiss: (id: number) => void;
}

/** One toast. Its autohide clock pauses while hovered or focused (WCAG 2.2.1 timing). */
export function NotificationItem({ notification, onDismiss }: Props) {
  const { id, message, type, persist, autohideMs } = notification;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(autohideMs);

  useEffect(() => {
    if (persist || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [id, persist, paused, onDismiss]);

  const style = STYLES[type];
  return (
    <div
      data-testid="notification"
      data-type={type}
      className={`animate-fade-in pointer-events-auto flex w-80 max-w-full items-start gap-3 rounded-lg border bg-night-900/95 p-3 text-sm text-slate-100 shadow-lg shadow-black/40 backdrop-blur ${style.box}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="1.5" />
        <path d={ICON_PATHS[type]} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="min-w-0 flex-1 break-words">
        <span className="sr-only">{style.label}: </span>
        {message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        className="-m-1 rounded p-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-cyan-300"
        aria-label="Dismiss notification"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
