import type { ReactNode } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { useCan } from '../../lib/access/capabilities';

/** Webhooks are the admins' (capability webhooks.manage); anyone else sees why the screen is empty. */
export function WebhookAccess({ children }: { children: ReactNode }) {
  if (useCan()('webhooks.manage')) return children;
  return (
    <>
      <title>Webhooks · SRO Admin</title>
      <ErrorPanel title="Webhooks are for admins" message="Your role does not hold webhooks.manage: ask an admin to register or change an endpoint." />
    </>
  );
}
