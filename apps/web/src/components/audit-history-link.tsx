import { Link } from 'react-router';
import { auditHistoryHref } from '../lib/audit-history';
import { buttonClasses } from './button-styles';

/** A detail page's link to the audit log of its entity (target types as the server names them, e.g. 'chat-channel'). */
export function AuditHistoryLink({ targetType, targetId }: { targetType: string; targetId: string }) {
  return (
    <Link to={auditHistoryHref(targetType, targetId)} className={buttonClasses('secondary')}>
      Audit history
    </Link>
  );
}
