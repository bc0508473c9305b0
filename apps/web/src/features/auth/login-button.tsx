import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';

/** 'Login' for visitors. It works during the start-up silent check too: a click simply wins. */
export function LoginButton({ className = '' }: { className?: string }) {
  const session = useSession();
  return (
    <button type="button" className={buttonClasses('secondary', 'md', className)} onClick={() => void session.login()}>
      Login
    </button>
  );
}
