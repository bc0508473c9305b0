import { use, type ReactNode } from 'react';
import { CapabilitiesContext, type CapabilitySet } from '../lib/access/capabilities';
import { CapabilitiesStateContext, useMyCapabilities } from '../lib/access/use-my-capabilities';
import { rpcFailureText } from '../lib/rpc/rpc-error';
import { ErrorPanel } from './error-panel';
import { RetryButton } from './load-error';
import { PageLoading } from './page-loading';

/**
 * Asks the server what the signed-in caller may do (docs/permissions.md "Capabilities") and provides it to the
 * screens below, which show only that. `children` may also read the set itself (e.g. to refuse a whole area).
 */
export function CapabilitiesGate({ children }: { children: (set: CapabilitySet) => ReactNode }) {
  const shared = use(CapabilitiesStateContext);
  const own = useMyCapabilities(shared === null);
  const state = shared ?? own;
  if (state.status === 'loading') return <PageLoading message="Checking what you may do…" />;
  if (state.status === 'failed') {
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <ErrorPanel title="Could not load your permissions" message={rpcFailureText(state.error)}>
          <RetryButton onRetry={state.retry} />
        </ErrorPanel>
      </div>
    );
  }
  return <CapabilitiesContext value={state.set}>{children(state.set)}</CapabilitiesContext>;
}
