import { Link } from 'react-router';
import { useAreaHref } from '../lib/area-links';
import { auditHistoryPath } from '../lib/audit-history';
import { buttonClasses } from './button-styles';

/** A detail page's link to the audit log of its entity (target types as the server names them, e.g. 'chat-channel'). */
export function AuditHistoryLink({ targetType, targetId }: { targetType: string; targetId: string }) {
  const href = useAreaHref()(auditHistoryPath(targetType, targetId));
  return (
    href && (
      <Link to={href} className={buttonClasses('secondary')}>
        Audit history
      </Link>
    )
  );
}
