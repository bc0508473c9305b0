import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/auth/session-context';

/**
 * Placeholder for the admin console (a later issue builds the real shell). It lives
 * in its own lazily loaded chunk, so the public pages never download admin code.
 */
export default function AdminShell() {
  const { user } = useSession();
  return (
    <div className="min-h-dvh bg-night-950">
      <header className="flex h-16 items-center justify-between border-b border-white/10 px-4 sm:px-6">
        <Link to="/" className="rounded" aria-label="SRO home">
          <Logo />
        </Link>
        <Link to="/" className={buttonClasses('ghost', 'sm')}>
          Exit Dashboard
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <title>Admin console · SRO</title>
        <h1 className="text-3xl font-bold text-white">Admin console</h1>
        <p className="mt-3 text-slate-300">
          Welcome{user ? `, ${user.username}` : ''}. Dimensions, maps, characters and chat channels will be managed here.
        </p>
      </main>
    </div>
  );
}
