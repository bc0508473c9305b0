/** Dev Log placeholder with the 'Coming kinda Soon' animation (CSS only, respects reduced motion). */
export default function DevLogPage() {
  return (
    <section className="relative overflow-hidden" aria-labelledby="devlog-title">
      <title>Dev Log · SRO</title>
      <div aria-hidden="true" className="bg-neon-grid absolute inset-0 [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]" />
      <div className="relative mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-24 text-center">
        <p className="font-mono text-sm uppercase tracking-[0.3em] text-neon-cyan">Transmission pending</p>
        <h1 id="devlog-title" className="mt-4 text-4xl font-extrabold text-white sm:text-5xl">
          Dev Log
        </h1>
        <p className="coming-soon mt-10 font-mono text-2xl font-bold sm:text-4xl" data-text="Coming kinda Soon">
          Coming kinda Soon
        </p>
        <div className="coming-soon-bar mt-8 h-1 w-56 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
          <span className="block h-full w-1/3 rounded-full bg-gradient-to-r from-neon-cyan to-neon-pink" />
        </div>
        <p className="mt-10 max-w-md text-slate-300">
          Patch notes, behind-the-scenes builds and the road to the next pre-alpha will land here. Check back soon-ish.
        </p>
      </div>
    </section>
  );
}
