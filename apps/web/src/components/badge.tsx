import type { ReactNode } from 'react';

export type BadgeTone = 'red' | 'green' | 'grey' | 'indigo' | 'cyan' | 'pink' | 'amber';

// Tinted fill with a light text of the same hue: readable (≥ 4.5:1) on the dark panels.
const TONES: Record<BadgeTone, string> = {
  red: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
  green: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  grey: 'bg-slate-400/15 text-slate-200 ring-slate-300/40',
  indigo: 'bg-indigo-500/20 text-indigo-200 ring-indigo-400/40',
  cyan: 'bg-cyan-400/15 text-cyan-200 ring-cyan-300/40',
  pink: 'bg-pink-500/15 text-pink-200 ring-pink-400/40',
  amber: 'bg-amber-400/15 text-amber-200 ring-amber-300/40',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}

/** Chat channels: 'Public' or 'Private' (docs/product.md#screens-and-routes). */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return <Badge tone={isPublic ? 'cyan' : 'pink'}>{isPublic ? 'Public' : 'Private'}</Badge>;
}
