/** `5e1d0000…000400000001`: the head and the last group, enough to tell ids apart at a glance. */
export function shortId(id: string): string {
  return id.length > 24 ? `${id.slice(0, 8)}…${id.slice(-12)}` : id;
}

/**
 * An entity id: monospace, never wrapped, the full id in the tooltip. On phones it shows a middle ellipsis (CSS
 * `.id-text`, index.css): the shortened form is generated content without alternative text, so the text, the
 * accessible name and copy-and-paste stay the full id.
 */
export function IdText({ id, className = '' }: { id: string | undefined; className?: string }) {
  if (!id) return null;
  return (
    <span title={id} data-short={shortId(id)} className={`id-text whitespace-nowrap font-mono text-xs text-slate-300 ${className}`.trim()}>
      <span className="id-full">{id}</span>
    </span>
  );
}
