import type { ReactNode } from 'react';
import { CompassIcon, GuildIcon, LevelIcon } from './feature-icons';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
  accent: string;
}

const FEATURES: Feature[] = [
  {
    title: 'Pioneer your own adventure',
    text: 'No rails, no fixed storyline. Pick a district, follow a rumour and see where the trail goes: every job, deal and detour is yours to choose.',
    icon: <CompassIcon />,
    accent: 'text-neon-cyan',
  },
  {
    title: 'Maximize your level',
    text: 'Human or cyborg, every run earns experience. Push your character further, unlock sharper skills and climb past the rivals on your block.',
    icon: <LevelIcon />,
    accent: 'text-neon-pink',
  },
  {
    title: 'Build your community',
    text: 'Found a guild or join one. Share a channel, plan the next move together and hold your ground as a crew the whole city knows by name.',
    icon: <GuildIcon />,
    accent: 'text-neon-lime',
  },
];

/** The 'Learn more' target: the three themes of the game. */
export function GameplaySection() {
  return (
    <section id="gameplay" className="relative border-t border-white/10 bg-night-900/60" aria-labelledby="gameplay-title">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <p className="font-mono text-sm uppercase tracking-[0.3em] text-neon-cyan">Gameplay</p>
        <h2 id="gameplay-title" className="mt-3 max-w-2xl text-3xl font-bold text-white sm:text-4xl">
          Your story, your level, your crew
        </h2>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="rounded-2xl border border-white/10 bg-night-950/70 p-6 shadow-lg shadow-black/30 transition-colors hover:border-white/25"
            >
              <div className={feature.accent}>{feature.icon}</div>
              <h3 className="mt-5 text-xl font-semibold text-white">{feature.title}</h3>
              <p className="mt-3 leading-7 text-slate-300">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
