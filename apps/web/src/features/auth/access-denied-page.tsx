import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';

export function AccessDeniedPage() {
  const { user } = useSession();
  return (
    <section className="mx-auto max-w-lg px-4 py-24 text-center" aria-labelledby="access-denied-title">
      <title>Access denied · SRO</title>
      <p className="font-mono text-sm tracking-[0.3em] text-neon-pink">ERROR 403</p>
      <h1 id="access-denied-title" className="mt-3 text-3xl font-bold text-white">
        Access denied
      </h1>
      <p className="mt-3 text-slate-300">
        {user ? (
          <>
            You are signed in as <span className="font-semibold text-white">{user.username}</span>, but your account does not have permission to open this page.
          </>
        ) : (
          'Your account does not have permission to open this page.'
        )}
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
