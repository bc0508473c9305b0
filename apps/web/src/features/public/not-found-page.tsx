import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button-styles';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center" aria-labelledby="not-found-title">
      <title>Page not found · SRO</title>
      <p className="text-glow font-mono text-7xl font-black text-neon-cyan">404</p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold text-white">
        Signal lost
      </h1>
      <p className="mt-3 break-all text-slate-300">
        Nothing lives at <code className="font-mono text-slate-100">{pathname}</code>. The link may be broken or the page moved.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
