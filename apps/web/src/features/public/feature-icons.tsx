// Line icons for the three gameplay themes; decorative, the headings carry the meaning.
const common = {
  viewBox: '0 0 48 48',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  className: 'size-10',
};

export function CompassIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="24" r="18" />
      <path d="M31 17l-4 10-10 4 4-10z" />
      <path d="M24 4v4M24 40v4M4 24h4M40 24h4" />
    </svg>
  );
}

export function LevelIcon() {
  return (
    <svg {...common}>
      <path d="M8 40h32" />
      <path d="M12 40V30h6v10M21 40V22h6v18M30 40V12h6v28" />
      <path d="M30 7l3-3 3 3" />
    </svg>
  );
}

export function GuildIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="16" r="6" />
      <circle cx="11" cy="22" r="4.5" />
      <circle cx="37" cy="22" r="4.5" />
      <path d="M13 40c0-6 5-11 11-11s11 5 11 11" />
      <path d="M3 38c0-4 3.5-7.5 8-7.5M45 38c0-4-3.5-7.5-8-7.5" />
    </svg>
  );
}
