import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { FiguresWindow, ModerationFiguresSchema, OperationsService, TimeToActionSchema } from '../../gen/sro/moderation/operations_pb';
import { MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { renderWithCounts } from '../../test/queue-counts-server';
import { ModerationFigures } from './moderation-figures';

const MIN = 60_000;

/** An in-memory GetModerationFigures: a day's figures, an empty hour, and the windows it was asked for. */
function figuresServer() {
  const state = { asked: [] as FiguresWindow[] };
  const transport = createRouterTransport(({ service }) => {
    service(OperationsService, {
      getModerationFigures: ({ window }) => {
        state.asked.push(window);
        if (window === FiguresWindow.HOUR) {
          const none = create(TimeToActionSchema, { count: 0 });
          return create(ModerationFiguresSchema, { timeMs: 1n, window, reports: none, heldMessages: none, appeals: none });
        }
        return create(ModerationFiguresSchema, {
          timeMs: 1n,
          window,
          reports: create(TimeToActionSchema, { count: 4, p50Ms: 2.5 * MIN, p90Ms: 3 * 60 * MIN + 5 * MIN }),
          heldMessages: create(TimeToActionSchema, { count: 1, p50Ms: 10 * MIN, p90Ms: 10 * MIN }),
          appeals: create(TimeToActionSchema, { count: 0 }),
          appealsUpheld: 2,
          appealsShortened: 1,
          appealsRevoked: 0,
          sanctionedAccounts: 4,
          repeatAccounts: 1,
          banDisconnects: 5,
          banDisconnectP50Ms: 120.4,
          banDisconnectP99Ms: 1_340,
        });
      },
    });
  });
  return { transport, state };
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('moderation figures on the wall', () => {
  it('shows the last 24 hours first: waits per queue in a table, repeat offences, appeal outcomes and ban to disconnect as text', async () => {
    const server = figuresServer();
    renderWithCounts(<ModerationFigures />, { transport: server.transport, state: { counts: {}, calls: 0 } }, MODERATOR_CAPABILITIES);
    expect((await screen.findByTestId('repeat-offences')).textContent).toBe(
      'Repeat offences: 1 of 4 sanctioned accounts (25 %) sanctioned again within 30 days',
    );
    expect(screen.getByTestId('appeal-outcomes').textContent).toBe('Appeals decided: 2 upheld · 1 shortened · 0 revoked');
    expect(screen.getByTestId('ban-disconnect').textContent).toBe('Ban to disconnect: p50 120 ms · p99 1.3 s over 5 account bans that ended streams');
    expect(radio('Last 24 hours').checked).toBe(true);
    expect(rowTexts()).toEqual([
      ['Queue', 'Acted on', 'p50 wait', 'p90 wait'],
      ['Reports', '4', '2 min', '3 h 05 min'],
      ['Held messages', '1', '10 min', '10 min'],
      ['Appeals', '0', '—', '—'],
    ]);
    expect(server.state.asked).toEqual([FiguresWindow.DAY]);
  });

  it('asks for the window picked with the keyboard and shows zero counts and no percentile for an empty one', async () => {
    const user = userEvent.setup();
    const server = figuresServer();
    renderWithCounts(<ModerationFigures />, { transport: server.transport, state: { counts: {}, calls: 0 } }, MODERATOR_CAPABILITIES);
    await screen.findByTestId('repeat-offences');
    const group = screen.getByRole('group', { name: 'Window' });
    await user.click(within(group).getByRole('radio', { name: 'Last 24 hours' }));
    await user.keyboard('{ArrowLeft}');
    expect(radio('Last hour').checked).toBe(true);
    expect((await screen.findByText('Repeat offences: no account sanctioned')).textContent).toBe('Repeat offences: no account sanctioned');
    expect(rowTexts().slice(1)).toEqual([
      ['Reports', '0', '—', '—'],
      ['Held messages', '0', '—', '—'],
      ['Appeals', '0', '—', '—'],
    ]);
    expect(screen.getByTestId('appeal-outcomes').textContent).toBe('Appeals decided: 0 upheld · 0 shortened · 0 revoked');
    expect(screen.getByTestId('ban-disconnect').textContent).toBe('Ban to disconnect: no account ban ended a stream');
    expect(server.state.asked).toEqual([FiguresWindow.DAY, FiguresWindow.HOUR]);
  });
});
