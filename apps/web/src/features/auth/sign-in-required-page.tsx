import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';

export function SignInRequiredPage() {
  const session = useSession();
  return (
    <section className="mx-auto max-w-lg px-4 py-24 text-center">
      <title>Sign in required · SRO</title>
      <h1 className="text-3xl font-bold text-white">Sign in required</h1>
      <p className="mt-3 text-slate-300">You need to sign in to open this page.</p>
      <button type="button" className={buttonClasses('primary', 'md', 'mt-8')} onClick={() => void session.login()}>
        Login
      </button>
    </section>
  );
}
