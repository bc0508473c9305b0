/** An entity id: monospace and never wrapped (wide tables scroll instead of breaking ids over lines). */
export function IdText({ id, className = '' }: { id: string | undefined; className?: string }) {
  return <span className={`whitespace-nowrap font-mono text-xs text-slate-300 ${className}`.trim()}>{id}</span>;
}
