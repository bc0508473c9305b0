import { useEffect, useState } from 'react';
import { IdText } from './id-text';

/** Copies `text` to the clipboard; says 'Copied' for two seconds (also to screen readers, via its name). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      aria-label={copied ? 'Copied' : label}
      title={copied ? 'Copied' : label}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-neon-cyan"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {copied ? (
          <path d="M4 10.5l4 4 8-9" />
        ) : (
          <path d="M7 7V4.5A1.5 1.5 0 018.5 3h7A1.5 1.5 0 0117 4.5v7a1.5 1.5 0 01-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0113 8.5v7a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 15.5v-7A1.5 1.5 0 014.5 7z" />
        )}
      </svg>
    </button>
  );
}

/** A detail page's id: the id (shortened on phones) and a button that copies the whole of it. */
export function CopyableId({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <IdText id={id} />
      <CopyButton text={id} label="Copy id" />
    </span>
  );
}
