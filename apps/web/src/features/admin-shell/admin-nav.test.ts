import { describe, expect, it } from 'vitest';
import { breadcrumbs, isExactlyActive, mobileTitle } from './admin-nav';

describe('admin navigation', () => {
  it('marks a link active only on an exact URL match', () => {
    expect(isExactlyActive('/admin', '/admin')).toBe(true);
    expect(isExactlyActive('/admin/', '/admin')).toBe(true);
    expect(isExactlyActive('/admin/dimensions', '/admin')).toBe(false);
    expect(isExactlyActive('/admin/dimensions/abc', '/admin/dimensions')).toBe(false);
    expect(isExactlyActive('/admin/dimensions', '/admin/dimensions')).toBe(true);
  });

  it("titles the mobile header by the active main link, else 'Admin Dashboard'", () => {
    expect(mobileTitle('/admin/maps')).toBe('Maps');
    expect(mobileTitle('/admin')).toBe('Dashboard');
    expect(mobileTitle('/admin/audit')).toBe('Audit log');
    expect(mobileTitle('/admin/maps/m1')).toBe('Admin Dashboard');
    expect(mobileTitle('/admin/settings')).toBe('Admin Dashboard');
  });

  it('builds breadcrumbs whose id level shows the id', () => {
    const labels = (path: string) => breadcrumbs(path).map((c) => c.label);
    expect(labels('/admin')).toEqual(['Dashboard']);
    expect(labels('/admin/dimensions')).toEqual(['Dashboard', 'Dimensions']);
    expect(labels('/admin/dimensions/new')).toEqual(['Dashboard', 'Dimensions', 'New']);
    expect(labels('/admin/characters/0f3c-id/edit')).toEqual(['Dashboard', 'Characters', '0f3c-id', 'Edit']);
    expect(labels('/admin/chats/c1/connect')).toEqual(['Dashboard', 'Chats', 'c1', 'Connect']);
    expect(labels('/admin/audit/a-1')).toEqual(['Dashboard', 'Audit log', 'a-1']);
    // Players have no list page: no level links to one.
    expect(breadcrumbs('/admin/accounts/u-1')).toEqual([
      { label: 'Dashboard', to: '/admin' },
      { label: 'u-1', to: '/admin/accounts/u-1', isId: true },
    ]);
    expect(breadcrumbs('/admin/sanctions/settings').at(-1)).toEqual({ label: 'Moderation settings', to: '/admin/sanctions/settings' });
    expect(breadcrumbs('/admin/maps/m1/edit').map((c) => c.to)).toEqual(['/admin', '/admin/maps', '/admin/maps/m1', '/admin/maps/m1/edit']);
  });
});
