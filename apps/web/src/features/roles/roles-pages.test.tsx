import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AccessService, RoleMappingSchema, RoleMappingsSchema, RoleSchema, RolesSchema, type Role, type RoleMapping } from '../../gen/sro/access_pb';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { CapabilitiesContext, type CapabilitySet } from '../../lib/access/capabilities';
import { SessionContext } from '../../lib/auth/session-context';
import { ApiTransportContext } from '../../lib/rpc/transport-context';
import { ADMIN_CAPABILITIES } from '../../test/capabilities';
import { signedIn } from '../../test/render';
import RoleEditPage from './role-edit-page';
import RoleNewPage from './role-new-page';
import RolesPage from './roles-page';

// Forms and modals render slowly in jsdom on a shared two-core machine: wait on the condition, not the clock.
configure({ asyncUtilTimeout: 5_000 });
const SLOW_MS = 20_000;

// An in-memory AccessService behind Connect's router transport: real clients, real ConnectErrors, the server's rules
// the screen must show (a taken name, a role still mapped).
let roles: Role[] = [];
let mappings: RoleMapping[] = [];
/** The next save is refused for an old sign-in (docs/wire.md "Step-up"). */
let stepUpNext = false;
function refuseIfStale() {
  if (!stepUpNext) return;
  stepUpNext = false;
  throw new ConnectError('step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.', Code.PermissionDenied);
}
const builtIn = (name: string, capabilities: [string, string][]) =>
  create(RoleSchema, { name, builtIn: true, capabilities: capabilities.map(([n, scope]) => ({ name: n, scope })) });
const transport = createRouterTransport(({ service }) => {
  service(AccessService, {
    listRoles: () => create(RolesSchema, { roles }),
    listRoleMappings: () => create(RoleMappingsSchema, { mappings }),
    createRole: (req) => {
      refuseIfStale();
      if (roles.some((r) => r.name === req.name)) throw new ConnectError(`role "${req.name}" already exists`, Code.AlreadyExists);
      const role = create(RoleSchema, { ...req, builtIn: false });
      roles = [...roles, role];
      return role;
    },
    editRole: (req) => {
      roles = roles.map((r) => (r.name === req.name ? create(RoleSchema, { ...req, builtIn: false }) : r));
      return req;
    },
    deleteRole: (req) => {
      refuseIfStale();
      if (mappings.some((m) => m.roles.includes(req.name)))
        throw new ConnectError(`failed precondition: role "${req.name}" is mapped from /Support; change those mappings first`, Code.FailedPrecondition);
      roles = roles.filter((r) => r.name !== req.name);
      return {};
    },
    setRoleMapping: (req) => {
      refuseIfStale();
      if (req.roles.length === 0) throw new ConnectError('roles: name at least one role', Code.InvalidArgument);
      mappings = [...mappings.filter((m) => m.groupPath !== req.groupPath), create(RoleMappingSchema, req)];
      return req;
    },
    deleteRoleMapping: (req) => {
      refuseIfStale();
      mappings = mappings.filter((m) => m.groupPath !== req.groupPath);
      return {};
    },
  });
});

function renderAt(route: string, capabilities: CapabilitySet = ADMIN_CAPABILITIES, stepUp = vi.fn(async () => {})) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <ApiTransportContext value={{ rpc: transport }}>
        <QueryClientProvider client={client}>
          <SessionContext value={signedIn({ groups: ['/Moderator/Admin'] }, { stepUp })}>
            <CapabilitiesContext value={capabilities}>
              <NotificationProvider>
                <Routes>
                  <Route path="/admin/roles" element={<RolesPage />} />
                  <Route path="/admin/roles/new" element={<RoleNewPage />} />
                  <Route path="/admin/roles/:name/edit" element={<RoleEditPage />} />
                </Routes>
              </NotificationProvider>
            </CapabilitiesContext>
          </SessionContext>
        </QueryClientProvider>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

const roleItem = async (name: string) => (await screen.findByRole('heading', { name: new RegExp(`^${name}`), level: 3 })).closest('li')!;

/** Confirms in the delete modal (its code loads on the first opening), then waits for it to close. */
async function confirmInDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

beforeEach(() => {
  roles = [
    builtIn('admin', [
      ['roles.edit', 'all'],
      ['sanctions.read', 'all'],
      ['audit.read', 'all'],
    ]),
    builtIn('moderator', [
      ['sanctions.read', 'all'],
      ['audit.read', 'own'],
    ]),
  ];
  mappings = [create(RoleMappingSchema, { groupPath: '/Moderator/Admin', roles: ['admin'] })];
});

describe('roles console', () => {
  it('lists the built-in roles marked, with their capabilities, and offers no edit or delete for them', { timeout: SLOW_MS }, async () => {
    renderAt('/admin/roles');
    const moderator = await roleItem('moderator');
    expect(within(moderator).getByText('Built-in')).toBeTruthy();
    // A built-in's list starts folded.
    const folded = within(moderator).getByText('2 capabilities').closest('details')!;
    expect(folded.open).toBe(false);
    await userEvent.setup().click(within(moderator).getByText('2 capabilities'));
    expect(folded.open).toBe(true);
    expect(
      within(within(moderator).getByRole('list', { name: 'Capabilities of moderator' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['sanctions.read', 'audit.read (own)']);
    expect(within(moderator).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(moderator).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(await screen.findByText('/Moderator/Admin')).toBeTruthy();
  });

  it('creates a role from grouped checkboxes, then edits and deletes it', { timeout: SLOW_MS }, async () => {
    const user = userEvent.setup();
    renderAt('/admin/roles/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Support');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Reads sanctions');
    const sanctionsGroup = screen.getByRole('group', { name: 'Sanctions' });
    await user.click(within(sanctionsGroup).getByRole('checkbox', { name: 'sanctions.read' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const support = await roleItem('Support');
    expect(roles.find((r) => r.name === 'Support')?.capabilities.map((c) => [c.name, c.scope])).toEqual([['sanctions.read', 'all']]);
    expect(within(support).getByText('Reads sanctions')).toBeTruthy();

    await user.click(within(support).getByRole('link', { name: 'Edit Support' }));
    await user.click(within(await screen.findByRole('group', { name: 'Audit' })).getByRole('checkbox', { name: 'audit.read' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scope of audit.read' }), 'own');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(roles.find((r) => r.name === 'Support')?.capabilities.map((c) => `${c.name}:${c.scope}`)).toEqual(['audit.read:own', 'sanctions.read:all']),
    );

    await user.click(within(await roleItem('Support')).getByRole('button', { name: 'Delete' }));
    await confirmInDialog(user);
    await waitFor(() => expect(roles.map((r) => r.name)).toEqual(['admin', 'moderator']));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Support/, hidden: true })).toBeNull());
  });

  it('a save refused for an old sign-in signs in again, then saves the role as it was filled in', { timeout: SLOW_MS }, async () => {
    sessionStorage.clear();
    stepUpNext = true;
    const user = userEvent.setup();
    const stepUp = vi.fn(async () => {});
    renderAt('/admin/roles/new', ADMIN_CAPABILITIES, stepUp);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Support');
    await user.click(within(screen.getByRole('group', { name: 'Sanctions' })).getByRole('checkbox', { name: 'sanctions.read' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/^The server refused the role/)).toBeNull();
    expect(roles.map((r) => r.name)).toEqual(['admin', 'moderator']);

    // Back from the provider: the same page loads afresh and saves once.
    cleanup();
    renderAt('/admin/roles/new');
    await roleItem('Support');
    expect(roles.find((r) => r.name === 'Support')?.capabilities.map((c) => [c.name, c.scope])).toEqual([['sanctions.read', 'all']]);
    expect(sessionStorage.length).toBe(0);
  });

  it('a role deletion, a mapping and its removal refused for an old sign-in each sign in again, then run once', { timeout: SLOW_MS }, async () => {
    roles = [...roles, create(RoleSchema, { name: 'Support', capabilities: [{ name: 'sanctions.read', scope: 'all' }] })];
    const user = userEvent.setup();
    const refusedThenResumed = async (act: () => Promise<void>, done: () => boolean) => {
      sessionStorage.clear();
      stepUpNext = true;
      const stepUp = vi.fn(async () => {});
      renderAt('/admin/roles', ADMIN_CAPABILITIES, stepUp);
      await act();
      await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
      expect(done()).toBe(false);
      // Back from the provider: the page loads afresh and carries the action out once.
      cleanup();
      renderAt('/admin/roles');
      await waitFor(() => expect(done()).toBe(true));
      expect(sessionStorage.length).toBe(0);
      cleanup();
    };
    await refusedThenResumed(
      async () => {
        const form = await screen.findByRole('form', { name: 'Add mapping' });
        await user.type(within(form).getByRole('textbox', { name: 'Group' }), '/Support');
        await user.click(within(form).getByRole('checkbox', { name: 'Support' }));
        await user.click(within(form).getByRole('button', { name: 'Add mapping' }));
      },
      () => mappings.some((m) => m.groupPath === '/Support' && m.roles.join() === 'Support'),
    );
    await refusedThenResumed(
      async () => {
        await user.click(await screen.findByRole('button', { name: 'Remove /Support' }));
        await confirmInDialog(user);
      },
      () => !mappings.some((m) => m.groupPath === '/Support'),
    );
    await refusedThenResumed(
      async () => {
        await user.click(within(await roleItem('Support')).getByRole('button', { name: 'Delete' }));
        await confirmInDialog(user);
      },
      () => !roles.some((r) => r.name === 'Support'),
    );
  });

  it("shows the server's refusal in words in the form", { timeout: SLOW_MS }, async () => {
    const user = userEvent.setup();
    renderAt('/admin/roles/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(/^The server refused the role/)).textContent).toBe(
      'The server refused the role: ALREADY_EXISTS: role "admin" already exists',
    );
  });

  it('maps a group to roles, says why a mapped role cannot go, and removes the mapping', { timeout: SLOW_MS }, async () => {
    roles = [...roles, create(RoleSchema, { name: 'Support', capabilities: [{ name: 'sanctions.read', scope: 'all' }] })];
    const user = userEvent.setup();
    renderAt('/admin/roles');
    const form = await screen.findByRole('form', { name: 'Add mapping' });
    await user.type(within(form).getByRole('textbox', { name: 'Group' }), '/Support');
    await user.click(within(form).getByRole('checkbox', { name: 'Support' }));
    await user.click(within(form).getByRole('button', { name: 'Add mapping' }));
    expect(await screen.findByText('/Support')).toBeTruthy();
    expect(mappings.find((m) => m.groupPath === '/Support')?.roles).toEqual(['Support']);

    await user.click(within(await roleItem('Support')).getByRole('button', { name: 'Delete' }));
    await confirmInDialog(user);
    expect(
      (await screen.findAllByText(/Failed to delete the role\. FAILED_PRECONDITION \+ failed precondition: role "Support" is mapped from \/Support/)).length,
    ).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Remove /Support' }));
    await confirmInDialog(user);
    await waitFor(() => expect(mappings.map((m) => m.groupPath)).toEqual(['/Moderator/Admin']));
    await waitFor(() => expect(screen.queryByText('/Support')).toBeNull());
  });

  it('shows a reader without roles.edit the roles and mappings, and nothing to change them with', { timeout: SLOW_MS }, async () => {
    renderAt('/admin/roles', { role: 'custom', scopes: new Map([['roles.read', 'all']]) });
    await roleItem('admin');
    expect(await screen.findByText('/Moderator/Admin')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New Role' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add mapping' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Delete/ })).toBeNull();
  });
});
