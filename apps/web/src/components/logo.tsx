import { useId } from 'react';

/** The SRO mark: a neon hexagon with the letters, drawn inline so it needs no request. */
export function Logo({ className = 'h-8 w-auto', title }: { className?: string; title?: string }) {
  const gradient = `logo-gradient-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  return (
    <svg viewBox="0 0 120 36" className={className} role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3ee8ff" />
          <stop offset="1" stopColor="#ff4fd8" />
        </linearGradient>
      </defs>
      <path d="M18 2l14 8v16l-14 8-14-8V10z" fill="none" stroke={`url(#${gradient})`} strokeWidth="3" />
      <path d="M18 10l7 4v8l-7 4-7-4v-8z" fill={`url(#${gradient})`} opacity="0.85" />
      <text x="40" y="26" fill="#f1f5f9" fontFamily="ui-monospace, 'Cascadia Code', Menlo, monospace" fontSize="22" fontWeight="700" letterSpacing="3">
        SRO
      </text>
    </svg>
  );
}
