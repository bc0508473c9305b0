import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';
import { preloadSignIn } from '../../lib/auth/session-provider';
import { GameplaySection } from './gameplay-section';
import { HeroArt } from './hero-art';

/** Starts registration at the provider; hovering or focusing it starts loading the sign-in code. */
function CreateAccountButton({ variant }: { variant: 'accent' | 'primary' }) {
  const session = useSession();
  return (
    <button
      type="button"
      onClick={() => void session.register()}
      onPointerEnter={preloadSignIn}
      onFocus={preloadSignIn}
      className={buttonClasses(variant, 'lg')}
    >
      Create an Account
    </button>
  );
}

export function HomePage() {
  return (
    <>
      <title>SRO · Free to play cyberpunk online RPG</title>
      <section className="relative overflow-hidden" aria-labelledby="hero-title">
        <div aria-hidden="true" className="bg-neon-grid absolute inset-0 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
        <div aria-hidden="true" className="absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-neon-pink/20 blur-3xl" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pb-28 lg:pt-24">
          <div>
            <Link
              to="/blog"
              className="inline-flex items-center gap-3 rounded-full border border-neon-cyan/40 bg-neon-cyan/10 py-1 pl-1 pr-4 text-sm text-slate-100 hover:border-neon-cyan"
            >
              <span className="rounded-full bg-neon-cyan px-3 py-0.5 font-semibold text-night-950">What's new</span>
              <span>Pre-Alpha v0.2 is live</span>
              <span aria-hidden="true">→</span>
            </Link>
            <h1 id="hero-title" className="mt-8 text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
              Jack in. <span className="text-glow text-neon-cyan">Own the night</span> city.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-300">
              SRO is an online role-playing game set in a rain-slick megacity of chrome and neon. Forge a character, chase your own leads through the districts
              and rise with the crew you trust.
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <CreateAccountButton variant="accent" />
              <a href="#gameplay" className={buttonClasses('ghost', 'lg')}>
                Learn more <span aria-hidden="true">↓</span>
              </a>
            </div>
            <p className="mt-6 flex items-center gap-2 text-sm text-slate-300">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 text-neon-lime" fill="none">
                <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Free to play. No credit card required.
            </p>
          </div>
          <HeroArt className="mx-auto w-full max-w-xl drop-shadow-[0_0_40px_rgba(255,79,216,0.25)]" />
        </div>
      </section>
      <GameplaySection />
      <section className="border-t border-white/10" aria-labelledby="cta-title">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold text-white sm:text-4xl">
            The city is waiting. <span className="text-neon-pink">It's free.</span>
          </h2>
          <p className="max-w-xl text-slate-300">No subscription, no credit card, no catch. Make an account and step in.</p>
          <CreateAccountButton variant="primary" />
        </div>
      </section>
    </>
  );
}
