import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { AppealReason, AppealSchema, AppealService, type Appeal } from '../../../gen/sro/moderation/appeals_pb';
import { AppealClaimService } from '../../../gen/sro/moderation/appeal_claims_pb';
import { QueueClaimSchema } from '../../../gen/sro/moderation/triage_pb';
import { signedIn } from '../../../test/render';
import { MODERATOR, renderScreen } from '../../../test/sanction-test-render';
import AppealsQueuePage from './appeals-queue-page';

const appeal = (id: string, accountName: string) =>
  create(AppealSchema, { id, sanctionId: `s-${id}`, accountId: `u-${id}`, accountName, reason: AppealReason.OTHER, text: `appeal ${id}`, filedAtMs: 1n });

/** The appeal service in memory: the queue as the server orders it, and claims held by whoever calls first. */
function appealServer(appeals: Appeal[], caller: { id: string; name: string }) {
  const claims: string[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(AppealService, { listAppeals: () => ({ total: BigInt(appeals.length), appeals }) });
    service(AppealClaimService, {
      claimAppeal: (req) => {
        const a = appeals.find((x) => x.id === req.id)!;
        if (a.claim && a.claim.holderId !== caller.id) throw new ConnectError(`appeal ${req.id} is claimed by ${a.claim.holderName}`, Code.FailedPrecondition);
        a.claim = create(QueueClaimSchema, { holderId: caller.id, holderName: caller.name, claimedAtMs: 1n, lapsesAtMs: 2n });
        claims.push(`claim ${req.id}`);
        return a;
      },
      releaseAppealClaim: (req) => {
        const a = appeals.find((x) => x.id === req.id)!;
        a.claim = undefined;
        claims.push(`release ${req.id}`);
        return a;
      },
    });
  });
  return { transport, claims };
}

const render = (server: ReturnType<typeof appealServer>, session = MODERATOR) =>
  renderScreen(<AppealsQueuePage />, { transports: { rpc: server.transport }, route: '/moderation/appeals', path: '/moderation/appeals', session });

describe('claims in the appeals queue', { timeout: 30_000 }, () => {
  it("claims and releases; another's claim shows its holder and no button", async () => {
    const user = userEvent.setup();
    const taken = appeal('2', 'Pia');
    taken.claim = create(QueueClaimSchema, { holderId: 'u-admin', holderName: 'admin', claimedAtMs: 1n, lapsesAtMs: 2n });
    const server = appealServer([appeal('1', 'Ivy'), taken], { id: 'u-mod', name: 'moderator' });
    render(server);
    const [first, second] = await screen.findAllByTestId('appeal');
    expect(within(first!).getByTestId('claim').textContent).toBe('Unclaimed');
    expect(within(second!).getByTestId('claim').textContent).toBe('Claimed by admin');
    expect(within(second!).queryByRole('button', { name: /Claim|Release/ })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Claim the appeal of Ivy' }));
    await waitFor(() => expect(within(first!).getByTestId('claim').textContent).toBe('Claimed by you'));
    await user.click(within(first!).getByRole('button', { name: 'Release the appeal of Ivy' }));
    await waitFor(() => expect(within(first!).getByTestId('claim').textContent).toBe('Unclaimed'));
    expect(server.claims).toEqual(['claim 1', 'release 1']);
  });

  it('tells the moderator who took it first when a claim is refused', async () => {
    const user = userEvent.setup();
    const appeals = [appeal('1', 'Ivy')];
    const server = appealServer(appeals, { id: 'u-mod', name: 'moderator' });
    render(server);
    const item = await screen.findByTestId('appeal');
    appeals[0]!.claim = create(QueueClaimSchema, { holderId: 'u-admin', holderName: 'admin', claimedAtMs: 1n, lapsesAtMs: 2n });
    await user.click(within(item).getByRole('button', { name: 'Claim the appeal of Ivy' }));
    expect((await within(item).findByRole('alert')).textContent).toContain('claimed by admin');
    expect(server.claims).toEqual([]);
  });

  it('shows the holder but offers no claim to a caller who does not decide appeals', async () => {
    const taken = appeal('1', 'Ivy');
    taken.claim = create(QueueClaimSchema, { holderId: 'u-admin', holderName: 'admin', claimedAtMs: 1n, lapsesAtMs: 2n });
    const server = appealServer([taken, appeal('2', 'Pia')], { id: 'u-reader', name: 'reader' });
    render(server, signedIn({ id: 'u-reader', username: 'reader', groups: ['/Readers'] }));
    const [first, second] = await screen.findAllByTestId('appeal');
    expect(within(first!).getByTestId('claim').textContent).toBe('Claimed by admin');
    expect(within(second!).getByTestId('claim').textContent).toBe('Unclaimed');
    expect(screen.queryByRole('button', { name: /Claim|Release/ })).toBeNull();
  });
});
