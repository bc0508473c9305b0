import { Link, useParams } from 'react-router';

/** Article placeholder: only the id exists until the Dev Log has content. */
export default function ArticlePage() {
  const { id = '' } = useParams();
  return (
    <article className="mx-auto max-w-3xl px-4 py-20 sm:px-6" aria-labelledby="article-title">
      <title>{`Dev Log ${id} · SRO`}</title>
      <Link to="/blog" className="rounded text-sm text-neon-cyan hover:underline">
        <span aria-hidden="true">←</span> Dev Log
      </Link>
      <h1 id="article-title" className="mt-6 text-3xl font-bold text-white sm:text-4xl">
        Dev Log entry
      </h1>
      <p className="mt-4 text-slate-300">
        Article id:{' '}
        <code className="rounded bg-white/10 px-2 py-1 font-mono text-neon-cyan" data-testid="article-id">
          {id}
        </code>
      </p>
      <p className="mt-8 text-slate-300">The full article is still being written.</p>
    </article>
  );
}
