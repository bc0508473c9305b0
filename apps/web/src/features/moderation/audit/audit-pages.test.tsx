import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiTransportContext } from '../../../lib/rpc/transport-context';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import Papa from 'papaparse';
import { NotificationProvider } from '../../../components/notifications/notification-context';
import { CharacterSchema, CharacterService } from '../../../gen/sro/character/character_pb';
import { AuditRecordSchema, AuditRecordsSchema, AuditService, type AuditRecord, type ListAuditRecordsRequest } from '../../../gen/sro/moderation/audit_pb';
import { SessionContext } from '../../../lib/auth/session-context';
import { signedIn } from '../../../test/render';
import AuditLogPage from './audit-log-page';
import AuditRecordPage from './audit-record-page';
import { CapabilitiesContext } from '../../../lib/access/capabilities';
import { capabilitiesOfGroups } from '../../../test/capabilities';

// React Aria's combobox and the table render slowly in jsdom on a shared two-core machine.
const SLOW_MS = 15_000;
// findBy/waitFor wait on the condition; the one-second default was too short under a load of 18 (debounce + render).
configure({ asyncUtilTimeout: 5_000 });

// An in-memory AuditService behind Connect's router transport: real clients, real ConnectErrors.
let records: AuditRecord[] = [];
let requests: ListAuditRecordsRequest[] = [];
let failList: ConnectError | null = null;
/** Fails one request of the export (limit 500), counted from one. */
let failExportCall = 0;
/** While set, export requests after the first wait for it (to see the progress, and to cancel). */
let holdExport: Promise<void> | null = null;
/** Characters the console can look up by id (an audit row names its target when the lookup finds it). */
const characterNames = new Map([['t-20', 'Ada Overwatch']]);
const transport = createRouterTransport(({ service }) => {
  service(CharacterService, {
    getCharacter: (req) => {
      const name = characterNames.get(req.id);
      if (!name) throw new ConnectError(`character ${req.id} not found`, Code.NotFound);
      return create(CharacterSchema, { id: req.id, name, ownerId: 'u-1', gender: 'female', realm: 'human' });
    },
  });
  service(AuditService, {
    listAuditRecords: async (req, ctx) => {
      requests.push(req);
      if (holdExport && req.limit === 500 && req.offset > 0)
        await Promise.race([holdExport, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
      ctx.signal.throwIfAborted();
      if (failList) throw failList;
      if (req.limit === 500 && requests.filter((r) => r.limit === 500).length === failExportCall) throw new ConnectError('too busy', Code.ResourceExhausted);
      const matches = records
        .filter((r) => !req.action || (req.action.endsWith('.') ? r.action.startsWith(req.action) : r.action === req.action))
        .filter((r) => !req.actor || r.actorId === req.actor || r.actorName.toLowerCase().includes(req.actor.toLowerCase()))
        .filter((r) => (!req.targetType || r.targetType === req.targetType) && (!req.targetId || r.targetId === req.targetId))
        .filter((r) => (!req.fromMs || r.timeMs >= req.fromMs) && (!req.toMs || r.timeMs <= req.toMs))
        .sort((a, b) => Number(b.timeMs - a.timeMs));
      return create(AuditRecordsSchema, { total: BigInt(matches.length), records: matches.slice(req.offset, req.offset + req.limit) });
    },
    getAuditRecord: (req) => {
      const hit = records.find((r) => r.id === req.id);
      if (!hit) throw new ConnectError(`audit record ${req.id} not found`, Code.NotFound);
      return hit;
    },
  });
});

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const record = (n: number, overrides: Partial<AuditRecord> = {}) =>
  create(AuditRecordSchema, {
    id: `rec-${n}`,
    timeMs: BigInt(T0 + n * 60_000),
    actorId: 'u-admin',
    actorName: 'Ada Admin',
    action: n % 2 ? 'map.edit' : 'character.edit',
    targetType: n % 2 ? 'map' : 'character',
    targetId: `t-${n}`,
    beforeJson: JSON.stringify({ name: `before ${n}`, realm: 'nova' }),
    afterJson: JSON.stringify({ name: `after ${n}`, realm: 'nova' }),
    requestId: `req-${n}`,
    sourceAddress: '203.0.113.7',
    ...overrides,
  });

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderAt(route: string, groups = ['/Moderator/Admin']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <ApiTransportContext value={{ rpc: transport }}>
        <QueryClientProvider client={client}>
          <SessionContext value={signedIn({ groups })}>
            <CapabilitiesContext value={capabilitiesOfGroups(groups)}>
              <NotificationProvider>
                <Routes>
                  <Route path="/admin/audit" element={<AuditLogPage />} />
                  <Route path="/admin/audit/:id" element={<AuditRecordPage />} />
                </Routes>
                <Search />
              </NotificationProvider>
            </CapabilitiesContext>
          </SessionContext>
        </QueryClientProvider>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1);

beforeEach(() => {
  records = Array.from({ length: 25 }, (_, n) => record(n));
  requests = [];
  failList = null;
  failExportCall = 0;
  holdExport = null;
});

describe('audit log page', () => {
  it(
    'lists the newest first, paged on the server, each row linking to its record and its target',
    async () => {
      renderAt('/admin/audit');
      expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
      await waitFor(() => expect(bodyRows()[0]!.textContent).toContain('req-24'));
      expect(screen.getByText('Every write in the console and the game API, and each read of personal data, newest first: 25 records match.')).toBeTruthy();
      const first = bodyRows()[0]!;
      expect(within(first).getAllByRole('link')[0]!.getAttribute('href')).toBe('/admin/audit/rec-24');
      expect(within(first).getByRole('link', { name: 'character t-24' }).getAttribute('href')).toBe('/admin/characters/t-24');
      expect(first.textContent).toContain('Ada Admin');
      // The actor opens their player page.
      expect(within(first).getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe('/admin/accounts/u-admin');
      expect(first.textContent).toContain('character.edit');
      expect(requests.at(-1)).toMatchObject({ limit: 10, offset: 0, action: '', actor: '' });
      // Nothing to clear: paging is not a filter.
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Filters', expanded: false })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: /page 2/i }));
      await waitFor(() => expect(bodyRows()[0]!.textContent).toContain('req-14'));
      expect(requests.at(-1)).toMatchObject({ limit: 10, offset: 10 });
      expect(screen.getByTestId('search').textContent).toBe('?page=2');
    },
    SLOW_MS,
  );

  it(
    "shows a target's name beside its id when the console can look it up, the id alone when it cannot",
    async () => {
      renderAt('/admin/audit');
      await waitFor(() => expect(bodyRows()[0]!.textContent).toContain('req-24'));
      expect(bodyRows()[4]!.textContent).toContain('req-20');
      await waitFor(() => expect(within(bodyRows()[4]!).getByTestId('audit-target-name').textContent).toBe('Ada Overwatch'));
      expect(within(bodyRows()[4]!).getByRole('link', { name: 'character Ada Overwatch (t-20)' }).getAttribute('href')).toBe('/admin/characters/t-20');
      // rec-22 targets a character the lookup does not find: its id stands alone.
      const third = bodyRows()[2]!;
      expect(third.textContent).toContain('req-22');
      await waitFor(() => expect(within(third).getByRole('link', { name: 'character t-22' })).toBeTruthy());
      expect(within(third).queryByTestId('audit-target-name')).toBeNull();
    },
    SLOW_MS,
  );

  it("says 'Your actions' to a moderator (the server keeps the list to their own)", async () => {
    renderAt('/admin/audit', ['/Moderator']);
    expect(await screen.findByRole('heading', { name: 'Your actions' })).toBeTruthy();
    expect(await screen.findByText(/^Your own writes and reads of personal data, newest first/)).toBeTruthy();
  });

  it(
    'reads the target filter from the URL (the entity pages link it) and applies typed filters after a pause',
    async () => {
      renderAt('/admin/audit?target_type=map&target_id=t-3');
      await waitFor(() => expect(bodyRows().map((r) => r.cells[4]?.textContent)).toEqual(['req-3']));
      expect(requests.at(-1)).toMatchObject({ targetType: 'map', targetId: 't-3', offset: 0 });
      expect(screen.getByLabelText<HTMLInputElement>('Target id').value).toBe('t-3');

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await user.type(screen.getByLabelText('Actor'), 'nobody');
      expect(screen.getByTestId('search').textContent).toBe('?actor=nobody');
      expect(await screen.findByText('No records match these filters.')).toBeTruthy();
      // One request for the whole word, not one per keystroke.
      expect(requests.filter((r) => r.actor).map((r) => r.actor)).toEqual(['nobody']);
    },
    SLOW_MS,
  );

  it(
    'filters by an action prefix picked from the suggestions, or typed',
    async () => {
      renderAt('/admin/audit');
      await screen.findByText(/25 records match/);
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Action' }));
      await user.click(await screen.findByRole('option', { name: 'map.' }));
      await waitFor(() => expect(requests.at(-1)?.action).toBe('map.'));
      expect(await screen.findByText(/12 records match/)).toBeTruthy();
      expect(screen.getByTestId('search').textContent).toBe('?action=map.');
      fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'character.edit' } });
      expect(await screen.findByText(/13 records match/)).toBeTruthy();
    },
    SLOW_MS,
  );

  it(
    'offers the reads of personal data as actions, and the role changes',
    async () => {
      records = [
        ...records,
        record(30, { action: 'user.read', targetType: 'user', targetId: 'u-7' }),
        record(31, { action: 'direct-messages.read', targetType: 'character', targetId: 't-31' }),
        record(32, { action: 'audit.export', targetType: 'audit', targetId: '' }),
      ];
      renderAt('/admin/audit');
      await screen.findByText(/28 records match/);
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Action' }));
      for (const action of ['role.', 'role-mapping.', 'user.read', 'audit.export']) expect(await screen.findByRole('option', { name: action })).toBeTruthy();
      await user.click(await screen.findByRole('option', { name: 'direct-messages.read' }));
      await waitFor(() => expect(requests.at(-1)?.action).toBe('direct-messages.read'));
      expect(await screen.findByText(/1 record matches/)).toBeTruthy();
      await waitFor(() => expect(bodyRows().map((r) => r.cells[4]?.textContent)).toEqual(['req-31']));
    },
    SLOW_MS,
  );

  it('goes back to the last page when a link or a shrunken result leaves it past the end', async () => {
    renderAt('/admin/audit?page=9');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?page=3'));
    await waitFor(() => expect(bodyRows().map((r) => r.cells[4]?.textContent)).toEqual(['req-4', 'req-3', 'req-2', 'req-1', 'req-0']));
  });

  it('explains a reversed time range instead of asking the server', async () => {
    renderAt('/admin/audit?from=2026-11-25T00%3A00&to=2026-11-24T00%3A00');
    expect((await screen.findByText("'From' must not be after 'To'")).getAttribute('role')).toBe('alert');
    expect(screen.getByText('No records match these filters.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows a failed load with Retry instead of an empty table', async () => {
    failList = new ConnectError('audit store down', Code.Unavailable);
    renderAt('/admin/audit');
    expect(await screen.findByText('Failed to load the audit log: UNAVAILABLE audit store down')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    failList = null;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  });
});

describe('CSV export', () => {
  let blobs: Blob[];
  beforeEach(() => {
    blobs = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the whole filtered set, 500 records a page, as CSV', async () => {
    records = Array.from({ length: 1200 }, (_, n) => record(n));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/admin/audit?action=character.');
    await screen.findByText(/600 records match/);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 600 records.')).toBeTruthy();
    const exportRequests = requests.filter((r) => r.limit === 500);
    // forExport: the server records the export once (its first page); the page's own lists are not exports.
    expect(exportRequests.map((r) => [r.offset, r.action, r.forExport])).toEqual([
      [0, 'character.', true],
      [500, 'character.', true],
    ]);
    expect(requests.filter((r) => r.limit !== 500).every((r) => !r.forExport)).toBe(true);
    expect(click).toHaveBeenCalledOnce();
    const rows = Papa.parse<string[]>((await blobs[0]!.text()).replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    expect(rows).toHaveLength(601);
    expect(rows[1]!.slice(0, 6)).toEqual([new Date(T0 + 1198 * 60_000).toISOString(), 'u-admin', 'Ada Admin', 'character.edit', 'character', 't-1198']);
  });

  it('shows its progress on a large export and can be cancelled', async () => {
    records = Array.from({ length: 1200 }, (_, n) => record(n));
    let release = () => {};
    holdExport = new Promise((resolve) => (release = resolve));
    renderAt('/admin/audit');
    await screen.findByText(/1200 records match/);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const progress = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['500', '1200']);
    expect(screen.getByText('500 of 1,200')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporting…' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/Export failed/)).toBeNull();
    expect(blobs).toHaveLength(0);
    release();
  });

  it('says which page failed instead of downloading part of the set', async () => {
    records = Array.from({ length: 700 }, (_, n) => record(n, { action: 'character.edit' }));
    renderAt('/admin/audit');
    await screen.findByText(/700 records match/);
    failExportCall = 2;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed: RESOURCE_EXHAUSTED too busy')).toBeTruthy();
    expect(blobs).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});

describe('audit record page', () => {
  it('shows who, when and from where, and the field-by-field diff with the changed field marked', async () => {
    records = [
      record(1, { beforeJson: '{"name":"Downtown","path":"/maps/dt","meta":{"size":2}}', afterJson: '{"name":"Uptown","path":"/maps/dt","meta":{"size":3}}' }),
    ];
    renderAt('/admin/audit/rec-1');
    expect(await screen.findByText('2 of 3 fields changed.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Changes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [r.getAttribute('data-change'), ...Array.from(r.children, (c) => c.textContent)])).toEqual([
      ['changed', 'nameChanged', 'Downtown', 'Uptown'],
      ['unchanged', 'path', '/maps/dt', '/maps/dt'],
      ['changed', 'meta.sizeChanged', '2', '3'],
    ]);
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Target history' }).getAttribute('href')).toBe('/admin/audit?target_type=map&target_id=t-1');
  });

  it('says a missing record is not found, with a way back', async () => {
    renderAt('/admin/audit/nope');
    expect(await screen.findByText('Item with ID nope not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the audit log' })).toBeTruthy();
  });
});
