import { createContext, useEffect, useMemo, useState } from 'react';
import { AccessService } from '../../gen/sro/access_pb';
import { useSession } from '../auth/session-context';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { toCapabilitySet, type CapabilitySet } from './capabilities';
import { recallCapabilities, rememberCapabilities } from './capabilities-memo';

export type CapabilitiesState = { status: 'loading' } | { status: 'ready'; set: CapabilitySet } | { status: 'failed'; error: unknown; retry: () => void };

/**
 * One area's answer, asked once for the whole area: the console's sidebar and its screens read the same set, so the
 * sidebar shows exactly the screens that open. Outside such an area each gate asks for itself.
 */
export const CapabilitiesStateContext = createContext<CapabilitiesState | null>(null);

/**
 * The signed-in caller's capabilities from GetMyCapabilities, asked again when the user changes (sign-in, another
 * account). Plain state rather than the query cache: the top bar needs it, and visitors never load TanStack Query.
 * The account's last answer (capabilities-memo.ts) shows until the server answers; if the server cannot answer then,
 * the last answer stays.
 */
export function useMyCapabilities(enabled = true): CapabilitiesState {
  const { user } = useSession();
  const client = useRpcClient(AccessService, useRuntimeConfig()?.apiBaseUrl ?? '');
  const [state, setState] = useState<{ sub: string; value: CapabilitiesState } | null>(null);
  const sub = enabled ? (user?.id ?? '') : '';
  const [attempt, setAttempt] = useState(0);
  const recalled = useMemo(() => (sub ? recallCapabilities(sub) : null), [sub]);
  useEffect(() => {
    if (!sub) return;
    let live = true;
    client.getMyCapabilities({}).then(
      (message) => {
        if (!live) return;
        const set = toCapabilitySet(message);
        rememberCapabilities(sub, set);
        setState({ sub, value: { status: 'ready', set } });
      },
      (error: unknown) =>
        live &&
        !recalled &&
        setState({
          sub,
          value: {
            status: 'failed',
            error,
            retry: () => {
              setState(null);
              setAttempt((n) => n + 1);
            },
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [client, sub, attempt, recalled]);
  if (state && state.sub === sub) return state.value;
  return recalled ? { status: 'ready', set: recalled } : { status: 'loading' };
}
