import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../components/notifications/notification-context';
import type { CapabilitySet } from '../lib/access/capabilities';
import { CapabilitiesStateContext } from '../lib/access/use-my-capabilities';
import { SessionContext } from '../lib/auth/session-context';
import { ApiTransportContext } from '../lib/rpc/transport-context';
import { OperationsService, QueueCountsSchema } from '../gen/sro/moderation/operations_pb';
type QueueCounts = Partial<Record<'reports' | 'heldMessages' | 'appeals', { open: number; oldestAgeMs: number }>>;
import { signedIn } from './render';

/**
 * An in-memory GetQueueCounts behind Connect's router transport: the counts the test sets, as the server sends them
 * (absent queues absent), and how many times it was asked.
 */
export function queueCountsServer(initial: QueueCounts = {}) {
  const state = { counts: initial, calls: 0 };
  const figure = (c: QueueCounts[keyof QueueCounts]) => c && { open: c.open, oldestAgeMs: BigInt(c.oldestAgeMs) };
  const transport = createRouterTransport(({ service }) => {
    service(OperationsService, {
      getQueueCounts: () => {
        state.calls += 1;
        const { reports, heldMessages, appeals } = state.counts;
        return create(QueueCountsSchema, { timeMs: 1n, reports: figure(reports), heldMessages: figure(heldMessages), appeals: figure(appeals) });
      },
    });
  });
  return { transport, state };
}

/** The real OperationsService client against an in-memory GetQueueCounts, as the console and desk run it. */
export function renderWithCounts(ui: ReactElement, server: ReturnType<typeof queueCountsServer>, set: CapabilitySet, route = '/admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiTransportContext value={{ rpc: server.transport }}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <SessionContext value={signedIn({ username: 'mod', groups: ['/Moderator'] })}>
            <NotificationProvider>
              <CapabilitiesStateContext value={{ status: 'ready', set }}>{ui}</CapabilitiesStateContext>
            </NotificationProvider>
          </SessionContext>
        </MemoryRouter>
      </QueryClientProvider>
    </ApiTransportContext>,
  );
  return client;
}
