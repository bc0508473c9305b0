import { useId, useState, type FormEvent } from 'react';

/** No client-side limit in docs/product.md#constants-and-limits; the server accepts 1..1000 characters after trimming. */
export const MAX_MESSAGE_LENGTH = 1000;

interface Props {
  /** Resolves when the message went out (the input then clears); rejects to keep the text for another try. */
  onSend: (text: string) => Promise<void>;
  /** Set while nothing can be sent (a ban holds): the input and the button are disabled, and this says why. */
  disabledReason?: string;
}

/** The message input: Enter or the send icon sends; empty text is ignored. */
export function ChatComposer({ onSend, disabledReason }: Props) {
  const disabled = disabledReason !== undefined;
  const inputId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || disabled || text.trim() === '') return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch {
      // The sender already showed why; the text stays so it can be sent again.
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex items-center gap-2 border-t border-white/10 p-3">
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
        placeholder={disabledReason ?? 'Write a message…'}
        className="min-w-0 flex-1 rounded-md border border-white/20 bg-night-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <button
        type="submit"
        aria-label="Send message"
        disabled={sending || disabled}
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-neon-cyan text-night-950 hover:bg-cyan-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan disabled:opacity-50"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none">
          <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </button>
    </form>
  );
}
