import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { AppealDecision, AppealReason, AppealSchema } from '../../../gen/sro/moderation/appeals_pb';
import { createSanctionTestServer, makeSanction, NOW_MS } from '../../../test/sanction-test-server';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';
import { AccountAppeals } from './account-appeals';

let server: ReturnType<typeof createSanctionTestServer>;
const appeal = (fields: Parameters<typeof create<typeof AppealSchema>>[1]) =>
  create(AppealSchema, { accountId: 'u-player', accountName: 'player', reason: AppealReason.TOO_HARSH, filedAtMs: BigInt(NOW_MS - 60_000), ...fields });

beforeEach(() => {
  server = createSanctionTestServer([makeSanction({ id: 's-1', reason: 'Spam' }), makeSanction({ id: 's-2', reason: 'Insults', accountId: 'u-other' })]);
});

const renderFor = (accountId: string, username: string) =>
  renderScreen(<AccountAppeals accountId={accountId} username={username} />, {
    transports: server.transports,
    route: `/admin/accounts/${accountId}`,
    path: '/admin/accounts/:id',
    session: ADMIN,
  });

describe("the player page's appeals", { timeout: 30_000 }, () => {
  it("lists this account's appeals only, decided ones with who decided and why, each linked to its page", async () => {
    server.appeals.appeals.push(
      appeal({
        id: 'a-1',
        sanctionId: 's-1',
        text: 'One link, one day?',
        decision: AppealDecision.UPHELD,
        decidedAtMs: BigInt(NOW_MS),
        decidedByName: 'moderator',
        decisionReason: 'Clear spam',
      }),
      appeal({ id: 'a-2', sanctionId: 's-2', accountId: 'u-other', accountName: 'other', text: 'Not me' }),
    );
    renderFor('u-player', 'player');
    const list = await screen.findByRole('list', { name: 'Appeals of player' });
    const entries = within(list).getAllByTestId('account-appeal');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toContain('Appeal declined: the sanction stands');
    expect(entries[0]!.textContent).toContain('The sanction is too harsh: One link, one day?');
    expect(entries[0]!.textContent).toContain('by moderator');
    expect(entries[0]!.textContent).toContain('Reason: Clear spam');
    expect(within(entries[0]!).getByRole('link', { name: 'Appeal a-1' }).getAttribute('href')).toBe('/admin/appeals/a-1');
    expect(within(entries[0]!).getByRole('link', { name: /Spam/ }).getAttribute('href')).toBe('/admin/sanctions/s-1');
    expect(screen.queryByText('Not me')).toBeNull();
  });

  it('says when the account has appealed nothing', async () => {
    renderFor('u-player', 'player');
    expect(await screen.findByText('player has not appealed any sanction.')).toBeTruthy();
  });
});
