// Shared class lists so links and buttons that look alike stay alike.

/**
 * The keyboard focus ring of a React Aria control (it sets data-focus-visible on keyboard focus only) that hides the
 * browser's own outline. `outline-none` sets --tw-outline-style to none and Tailwind v4's `outline-2` draws with that
 * variable, so the ring must set the style again (`outline-solid`) or it never shows.
 */
export const focusRing = 'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-neon-cyan';
const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

const variants = {
  primary: 'bg-neon-cyan text-night-950 hover:bg-cyan-200 focus-visible:outline-neon-cyan',
  accent: 'bg-neon-pink text-night-950 hover:bg-pink-300 focus-visible:outline-neon-pink',
  secondary: 'border border-white/20 bg-white/5 text-slate-100 hover:bg-white/10 focus-visible:outline-neon-cyan',
  danger: 'bg-rose-600 text-white hover:bg-rose-700 focus-visible:outline-rose-300',
  ghost: 'text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-neon-cyan',
} as const;

const sizes = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
