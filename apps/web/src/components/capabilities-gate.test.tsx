import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { AccessService, CapabilitiesSchema } from '../gen/sro/access_pb';
import { holds } from '../lib/access/capabilities';
import { CAPABILITIES_STORAGE_KEY, recallCapabilities, rememberCapabilities } from '../lib/access/capabilities-memo';
import { SessionContext } from '../lib/auth/session-context';
import { ApiTransportContext } from '../lib/rpc/transport-context';
import { signedIn } from '../test/render';
import { CapabilitiesGate } from './capabilities-gate';

const MODERATOR = signedIn({ id: 'u-mod', username: 'moderator', groups: ['/Moderator'] });
const moderatorSet = (names: string[]) => ({ role: 'moderator', scopes: new Map(names.map((n) => [n, 'all'])) });

/** A server whose answer the test releases (or fails) when it chooses. */
function heldServer() {
  let answer!: (names: string[] | Error) => void;
  const pending = new Promise<string[] | Error>((resolve) => (answer = resolve));
  const transport = createRouterTransport(({ service }) => {
    service(AccessService, {
      getMyCapabilities: async () => {
        const names = await pending;
        if (names instanceof Error) throw names;
        return create(CapabilitiesSchema, { role: 'moderator', capabilities: names.map((name) => ({ name, scope: 'all' })) });
      },
    });
  });
  return { transport, answer };
}

function renderGate(transport: ReturnType<typeof createRouterTransport>) {
  return render(
    <ApiTransportContext value={{ rpc: transport }}>
      <SessionContext value={MODERATOR}>
        <CapabilitiesGate>{(set) => <p>{holds(set, 'reports.work') ? 'Reports shown' : 'No reports'}</p>}</CapabilitiesGate>
      </SessionContext>
    </ApiTransportContext>,
  );
}

afterEach(() => window.localStorage.clear());

describe('the capabilities gate across reloads', () => {
  it("draws at once from the account's last answer, then follows the server's new one and keeps it", async () => {
    rememberCapabilities('u-mod', moderatorSet(['reports.work']));
    const server = heldServer();
    renderGate(server.transport);
    expect(screen.getByText('Reports shown')).toBeTruthy();

    server.answer(['sanctions.read']);
    expect(await screen.findByText('No reports')).toBeTruthy();
    expect(recallCapabilities('u-mod')?.scopes.has('sanctions.read')).toBe(true);
  });

  it("waits for the server when the last answer was another account's", async () => {
    rememberCapabilities('u-someone-else', moderatorSet(['reports.work']));
    const server = heldServer();
    renderGate(server.transport);
    expect(screen.getByText('Checking what you may do…')).toBeTruthy();
    server.answer(['reports.work']);
    expect(await screen.findByText('Reports shown')).toBeTruthy();
  });

  it('keeps the last answer when the server cannot answer, and reports the failure without one', async () => {
    rememberCapabilities('u-mod', moderatorSet(['reports.work']));
    const first = heldServer();
    const { unmount } = renderGate(first.transport);
    first.answer(new ConnectError('unavailable', Code.Unavailable));
    // The failed answer leaves the remembered set in place (the server still checks every call).
    expect(await screen.findByText('Reports shown')).toBeTruthy();
    unmount();

    window.localStorage.clear();
    const second = heldServer();
    renderGate(second.transport);
    second.answer(new ConnectError('unavailable', Code.Unavailable));
    expect(await screen.findByText('Could not load your permissions')).toBeTruthy();
  });

  it('ignores a stored value it cannot read', () => {
    window.localStorage.setItem(CAPABILITIES_STORAGE_KEY, '{"sub":"u-mod","role":1}');
    expect(recallCapabilities('u-mod')).toBeNull();
    window.localStorage.setItem(CAPABILITIES_STORAGE_KEY, 'not json');
    expect(recallCapabilities('u-mod')).toBeNull();
  });
});
