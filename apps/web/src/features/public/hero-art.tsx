/**
 * Hero artwork: a neon skyline over a synthwave sun and a perspective grid. It is our
 * own SVG, served as a static file so it costs no JavaScript. Decorative only.
 */
export function HeroArt({ className = '' }: { className?: string }) {
  return <img src="/hero-city.svg" alt="" width={400} height={320} className={className} fetchPriority="high" />;
}
