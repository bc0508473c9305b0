import { useEffect } from 'react';
import { useSession } from '../../lib/auth/session-context';
import { useMyCapabilities } from '../../lib/access/use-my-capabilities';
import { reachesDesk } from './desk-sections';

/**
 * Renders nothing: tells the top bar which signed-in user's capabilities open the moderation desk (their id), or
 * none. The link follows the server's answer, never the groups (docs/permissions.md "Capabilities").
 */
export default function DeskAccessProbe({ onReaches }: { onReaches: (userId: string | null) => void }) {
  const { user } = useSession();
  const state = useMyCapabilities();
  const reaches = state.status === 'ready' && reachesDesk(state.set);
  const userId = user?.id ?? null;
  useEffect(() => onReaches(reaches ? userId : null), [onReaches, reaches, userId]);
  return null;
}
