import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { useFlashOnArrival } from '../../components/notifications/flash';
import { WebhookDeliverySchema } from '../../gen/sro/moderation/webhooks_pb';
import { CapabilitiesContext } from '../../lib/access/capabilities';
import { SessionContext } from '../../lib/auth/session-context';
import { ApiTransportContext } from '../../lib/rpc/transport-context';
import { capabilitiesOfGroups } from '../../test/capabilities';
import { signedIn } from '../../test/render';
import { createWebhookTestServer, DISCORD_URL, makeWebhook, T0 } from '../../test/webhook-test-server';
import WebhookDetailPage from './webhook-detail-page';
import WebhookEditPage from './webhook-edit-page';
import WebhookNewPage from './webhook-new-page';
import WebhooksListPage from './webhooks-list-page';

// React Aria's select and the table render slowly in jsdom on a shared two-core machine.
const SLOW_MS = 15_000;
configure({ asyncUtilTimeout: 5_000 });

const ID = '0b5e0000-0000-4000-8000-000000000001';

/** The page's path, and the arrival toasts the console's shell shows. */
function Path() {
  useFlashOnArrival();
  return <p data-testid="path">{useLocation().pathname}</p>;
}

const text = (element: Element | undefined) => element?.textContent ?? '';

function renderAt(route: string, server: ReturnType<typeof createWebhookTestServer>, groups = ['/Moderator/Admin']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[route]}>
      <ApiTransportContext value={{ rpc: server.transport }}>
        <QueryClientProvider client={client}>
          <SessionContext value={signedIn({ groups })}>
            <CapabilitiesContext value={capabilitiesOfGroups(groups)}>
              <NotificationProvider>
                <Routes>
                  <Route path="/admin/webhooks" element={<WebhooksListPage />} />
                  <Route path="/admin/webhooks/new" element={<WebhookNewPage />} />
                  <Route path="/admin/webhooks/:id" element={<WebhookDetailPage />} />
                  <Route path="/admin/webhooks/:id/edit" element={<WebhookEditPage />} />
                </Routes>
                <Path />
              </NotificationProvider>
            </CapabilitiesContext>
          </SessionContext>
        </QueryClientProvider>
      </ApiTransportContext>
    </MemoryRouter>,
  );
  return client;
}

describe('webhook screens', () => {
  it(
    'lists endpoints by host only, with events, format, state and the last delivery in words',
    async () => {
      const server = createWebhookTestServer([
        makeWebhook(),
        makeWebhook({
          id: '0b5e0000-0000-4000-8000-000000000002',
          url: 'https://ops.example.test/hook?key=k1',
          enabled: false,
          format: 1,
          events: ['report.filed'],
        }),
      ]);
      server.deliveries.set(ID, [
        create(WebhookDeliverySchema, {
          id: 'd1',
          webhookId: ID,
          event: 'account.banned',
          state: 'pending',
          attempts: 2,
          lastError: 'no answer within 5000 ms',
          createdAtMs: BigInt(T0),
          nextAttemptAtMs: BigInt(T0 + 60_000),
        }),
      ]);
      renderAt('/admin/webhooks', server);
      await screen.findByText('https://discord.com/…');
      const table = screen.getByRole('table', { name: 'Webhooks' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(text(rows[0])).toContain('https://discord.com/…');
      expect(text(rows[0])).toContain('Account banned');
      expect(text(rows[0])).toContain('Discord');
      expect(text(rows[0])).toContain('Enabled');
      expect(await within(rows[0]!).findByText('Not delivered yet: no answer within 5000 ms after 2 attempts.', { exact: false })).toBeTruthy();
      expect(text(rows[1])).toContain('https://ops.example.test/…');
      expect(text(rows[1])).toContain('Disabled');
      expect(await within(rows[1]!).findByText('None yet')).toBeTruthy();
      // The tokens in the paths never reach the screen.
      expect(document.body.textContent).not.toContain('discord-token');
      expect(document.body.textContent).not.toContain('key=k1');
    },
    SLOW_MS,
  );

  it(
    'registers an endpoint once, shows its signing secret there only, and keeps the secret out of the query cache',
    async () => {
      const server = createWebhookTestServer();
      const user = userEvent.setup();
      const client = renderAt('/admin/webhooks/new', server);
      await user.type(await screen.findByLabelText('URL'), 'https://hooks.example.test/sro');
      await user.click(screen.getByRole('checkbox', { name: /Report filed/ }));
      expect(screen.getByRole<HTMLInputElement>('radio', { name: /JSON/ }).checked).toBe(true);
      await user.click(screen.getByRole('radio', { name: /Slack/ }));
      const register = screen.getByRole<HTMLButtonElement>('button', { name: 'Register' });
      await waitFor(() => expect(register.disabled).toBe(false));
      await user.dblClick(register);
      expect(text(await screen.findByTestId('webhook-secret'))).toContain('whsec_c2lnbmluZy1zZWNyZXQtZm9yLXRlc3Rz');
      expect(server.created).toHaveLength(1);
      expect(server.created[0]).toMatchObject({ url: 'https://hooks.example.test/sro', events: ['report.filed'], format: 3, description: '' });
      expect(
        JSON.stringify(
          client
            .getQueryCache()
            .getAll()
            .map((q) => q.state.data),
        ),
      ).not.toContain('whsec_');
      await user.click(screen.getByRole('link', { name: 'I have stored it: open the endpoint' }));
      expect(await screen.findByRole('heading', { name: 'https://hooks.example.test/…', level: 1 })).toBeTruthy();
      expect(screen.queryByText(/whsec_/)).toBeNull();
    },
    SLOW_MS,
  );

  it(
    'names the field of a bad value, before sending and when the server refuses one',
    async () => {
      const server = createWebhookTestServer();
      const user = userEvent.setup();
      renderAt('/admin/webhooks/new', server);
      const url = await screen.findByLabelText('URL');
      await user.type(url, 'ftp://files.example.test');
      await user.tab();
      expect(await screen.findByText('URL must be an absolute http or https URL')).toBeTruthy();
      await user.click(screen.getByRole('checkbox', { name: /Account banned/ }));
      await user.click(screen.getByRole('checkbox', { name: /Account banned/ }));
      expect(await screen.findByText('Events: choose at least one')).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Register' }).disabled).toBe(true);

      await user.clear(url);
      await user.type(url, 'https://internal.example.test/hook');
      await user.click(screen.getByRole('checkbox', { name: /Account banned/ }));
      server.next.createFailure = new ConnectError('url: must not point at this network', Code.InvalidArgument);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('URL must not point at this network')).toBeTruthy();
      expect(url.getAttribute('aria-invalid')).toBe('true');
    },
    SLOW_MS,
  );

  it(
    'sends a test and says how it went, logs it, disables, and deletes the endpoint after confirmation',
    async () => {
      const server = createWebhookTestServer([makeWebhook()]);
      const user = userEvent.setup();
      renderAt(`/admin/webhooks/${ID}`, server);
      expect(await screen.findByText('No deliveries yet: send a test, or wait for an event.')).toBeTruthy();
      server.next.testStatus = 503;
      await user.click(screen.getByRole('button', { name: 'Send test' }));
      expect(await screen.findByText('Test not delivered: the receiver answered HTTP 503.')).toBeTruthy();
      server.next.testStatus = 204;
      await user.click(screen.getByRole('button', { name: 'Send test' }));
      expect(await screen.findByText('Test delivered: the receiver answered HTTP 204.')).toBeTruthy();
      const log = screen.getByRole('table', { name: 'Delivery log' });
      await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(3));
      expect(text(within(log).getAllByRole('row')[1])).toMatch(/Test.*Delivered.*1.*HTTP 204/);
      expect(text(within(log).getAllByRole('row')[2])).toMatch(/Failed.*HTTP 503.*the receiver answered HTTP 503/);

      await user.click(screen.getByRole('button', { name: 'Disable' }));
      expect(await screen.findByText('Webhook disabled: no events are sent')).toBeTruthy();
      expect(server.edits.map((e) => [e.mask?.paths, e.enabled])).toEqual([[['enabled'], false]]);
      expect(await screen.findByRole('button', { name: 'Enable' })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(text(dialog)).toContain('Delete the endpoint https://discord.com/…?');
      // Until the list shows, the page never says the endpoint it just deleted is not found.
      const notFoundSeen = new MutationObserver(() => document.body.textContent?.includes('Could not load this webhook') && (saw.notFound = true));
      const saw = { notFound: false };
      notFoundSeen.observe(document.body, { childList: true, subtree: true, characterData: true });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/webhooks'));
      notFoundSeen.disconnect();
      expect(saw.notFound).toBe(false);
      expect(server.deleted).toEqual([ID]);
      // The toast's stack and its live announcement may both hold the text.
      expect((await screen.findAllByText('Webhook deleted')).length).toBeGreaterThan(0);
    },
    SLOW_MS,
  );

  it(
    'edits only what changed: disabling sends the enabled field alone',
    async () => {
      const server = createWebhookTestServer([makeWebhook()]);
      const user = userEvent.setup();
      renderAt(`/admin/webhooks/${ID}/edit`, server);
      expect((await screen.findByLabelText<HTMLInputElement>('URL')).value).toBe(DISCORD_URL);
      await user.click(screen.getByRole('checkbox', { name: 'Enabled (events are sent)' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/admin/webhooks/${ID}`));
      expect(server.edits).toHaveLength(1);
      expect(server.edits[0]!.mask?.paths).toEqual(['enabled']);
      expect(server.edits[0]!.enabled).toBe(false);
      expect(await screen.findByRole('button', { name: 'Enable' })).toBeTruthy();
    },
    SLOW_MS,
  );

  it('tells a caller without webhooks.manage that the screen is for admins', async () => {
    const server = createWebhookTestServer([makeWebhook()]);
    renderAt('/admin/webhooks', server, ['/Moderator']);
    expect(await screen.findByText('Webhooks are for admins')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
