import type { ChatViewStatus } from './use-chat-session';

const LOOKS: Record<ChatViewStatus, { text: string; dot: string }> = {
  idle: { text: 'Not connected', dot: 'bg-slate-400' },
  closed: { text: 'Not connected', dot: 'bg-slate-400' },
  connecting: { text: 'Connecting…', dot: 'bg-amber-300 animate-pulse' },
  connected: { text: 'Connected', dot: 'bg-emerald-400' },
  retrying: { text: 'Could not connect, retrying…', dot: 'bg-amber-300 animate-pulse' },
  reconnecting: { text: 'Connection lost, retrying…', dot: 'bg-amber-300 animate-pulse' },
  stopped: { text: 'Disconnected', dot: 'bg-rose-400' },
};

/** The session's state in words, announced politely to screen readers. */
export function ConnectionStatus({ status }: { status: ChatViewStatus }) {
  const look = LOOKS[status];
  return (
    <p role="status" data-testid="chat-connection-status" className="flex items-center gap-2 text-sm text-slate-200 sm:pb-2.5">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${look.dot}`} />
      {look.text}
    </p>
  );
}
