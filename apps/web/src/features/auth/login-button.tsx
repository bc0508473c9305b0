import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';
import { preloadSignIn } from '../../lib/auth/session-provider';

/** 'Login' for visitors. It works during the start-up silent check too: a click simply wins. */
export function LoginButton({ className = '' }: { className?: string }) {
  const session = useSession();
  return (
    <button
      type="button"
      className={buttonClasses('secondary', 'md', className)}
      onClick={() => void session.login()}
      // The sign-in code loads on demand; hovering or focusing the button starts the download early.
      onPointerEnter={preloadSignIn}
      onFocus={preloadSignIn}
    >
      Login
    </button>
  );
}
