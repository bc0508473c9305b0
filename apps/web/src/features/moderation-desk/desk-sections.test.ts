import { describe, expect, it } from 'vitest';
import { ADMIN_CAPABILITIES, MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { deskHref } from './desk-href';
import { deskSectionsFor, reachesDesk } from './desk-sections';
import { isDeskLinkActive } from './desk-shell';

describe('the moderation desk (docs/product.md "Moderation desk")', () => {
  it('opens for whoever holds a section capability, never for a caller without', () => {
    expect(deskSectionsFor(MODERATOR_CAPABILITIES).map((s) => s.title)).toEqual([
      'Operations',
      'Review lane',
      'Reports',
      'Appeals',
      'Approvals',
      'Sanctions',
      'Live players',
      'Messages',
      'Audit log',
    ]);
    expect(reachesDesk(ADMIN_CAPABILITIES)).toBe(true);
    expect(reachesDesk({ role: 'player', scopes: new Map([['reports.file', 'own']]) })).toBe(false);
    expect(reachesDesk(null)).toBe(false);
  });

  it("maps the shared screens' console paths to the desk, and leaves out what the desk has not", () => {
    const href = deskHref(MODERATOR_CAPABILITIES);
    expect(href('')).toBe('/moderation');
    expect(href('moderation')).toBe('/moderation/review');
    expect(href('sanctions/s-1')).toBe('/moderation/sanctions/s-1');
    expect(href('audit?target_type=sanction&target_id=s-1')).toBe('/moderation/audit?target_type=sanction&target_id=s-1');
    expect(href('chats/ch-1/history')).toBe('/moderation/chats/ch-1/history');
    // The player page goes with the sanctions.
    expect(href('accounts/u-1')).toBe('/moderation/accounts/u-1');
    expect(deskHref({ role: 'custom', scopes: new Map([['reports.work', 'all']]) })('accounts/u-1')).toBeUndefined();
    // Console-only screens: characters, channel pages, live chat; the settings page without its capability.
    expect(href('characters/c-1')).toBeUndefined();
    expect(href('chats/ch-1')).toBeUndefined();
    expect(href('chats/ch-1/connect')).toBeUndefined();
    expect(href('sanctions/settings')).toBeUndefined();
    expect(deskHref(ADMIN_CAPABILITIES)('sanctions/settings')).toBe('/moderation/sanctions/settings');
  });

  it('marks the home section on /moderation only, the others by prefix, a channel history as Messages', () => {
    const [home, , reports, , , , , messages] = deskSectionsFor(MODERATOR_CAPABILITIES);
    expect(isDeskLinkActive('/moderation', home!)).toBe(true);
    expect(isDeskLinkActive('/moderation/reports', home!)).toBe(false);
    expect(isDeskLinkActive('/moderation/reports/m-1', reports!)).toBe(true);
    expect(isDeskLinkActive('/moderation/chats/ch-1/history', messages!)).toBe(true);
  });
});
