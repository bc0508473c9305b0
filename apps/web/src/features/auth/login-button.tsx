import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';

/** 'Login' for visitors; while the session check runs it stays visible but inert. */
export function LoginButton({ className = '' }: { className?: string }) {
  const session = useSession();
  const pending = session.status === 'loading';
  return (
    <button
      type="button"
      className={buttonClasses('secondary', 'md', className)}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) void session.login();
      }}
    >
      Login
    </button>
  );
}
