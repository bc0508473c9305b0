import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useSession } from '../../lib/auth/session-context';
import { displayName } from './display-name';

/** The account part of the mobile menu: the same actions as the desktop user menu. */
export default function MobileAccountActions() {
  const session = useSession();
  if (!session.user) return null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        Signed in as <span className="font-semibold text-white">{displayName(session.user)}</span>
      </p>
      <div className="flex flex-col gap-2">
        {session.accountUrl && (
          <a href={session.accountUrl} className={buttonClasses('secondary', 'md', 'w-full')}>
            Your Profile
          </a>
        )}
        <Link to="/account/sanctions" className={buttonClasses('secondary', 'md', 'w-full')}>
          Your sanctions
        </Link>
        <Link to="/account/reports" className={buttonClasses('secondary', 'md', 'w-full')}>
          Your reports
        </Link>
        <button type="button" className={buttonClasses('ghost', 'md', 'w-full')} onClick={() => void session.logout()}>
          Sign out
        </button>
      </div>
    </div>
  );
}
