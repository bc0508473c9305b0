import { Link } from 'react-router';

/** docs/product.md#screens-and-routes empty lists: a dashed button that links to the create form. */
export function EmptyState({ label, to }: { label: string; to: string }) {
  return (
    <Link
      to={to}
      className="flex w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-white/20 px-6 py-12 text-center text-slate-300 transition-colors hover:border-neon-cyan/60 hover:text-white focus-visible:border-neon-cyan"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-neon-cyan/70" fill="none">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className="text-sm font-semibold">{label}</span>
    </Link>
  );
}
