import { createContext, useEffect, useState } from 'react';
import { AccessService } from '../../gen/sro/access_pb';
import { useSession } from '../auth/session-context';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { toCapabilitySet, type CapabilitySet } from './capabilities';

export type CapabilitiesState = { status: 'loading' } | { status: 'ready'; set: CapabilitySet } | { status: 'failed'; error: unknown; retry: () => void };

/**
 * One area's answer, asked once for the whole area: the console's sidebar and its screens read the same set, so the
 * sidebar shows exactly the screens that open. Outside such an area each gate asks for itself.
 */
export const CapabilitiesStateContext = createContext<CapabilitiesState | null>(null);

/**
 * The signed-in caller's capabilities from GetMyCapabilities, asked again when the user changes (sign-in, another
 * account). Plain state rather than the query cache: the top bar needs it, and visitors never load TanStack Query.
 */
export function useMyCapabilities(enabled = true): CapabilitiesState {
  const { user } = useSession();
  const client = useRpcClient(AccessService, useRuntimeConfig()?.apiBaseUrl ?? '');
  const [state, setState] = useState<{ sub: string; value: CapabilitiesState } | null>(null);
  const sub = enabled ? (user?.id ?? '') : '';
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!sub) return;
    let live = true;
    client.getMyCapabilities({}).then(
      (message) => live && setState({ sub, value: { status: 'ready', set: toCapabilitySet(message) } }),
      (error: unknown) =>
        live &&
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
  }, [client, sub, attempt]);
  return state && state.sub === sub ? state.value : { status: 'loading' };
}
