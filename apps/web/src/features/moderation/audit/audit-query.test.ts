import { describe, expect, it } from 'vitest';
import {
  auditFilterRequest,
  auditHistoryHref,
  auditPageRequest,
  filtersFromSearch,
  filtersToSearch,
  localInputToMs,
  rangeError,
  RANGE_ERROR,
  targetHref,
  type AuditFilters,
} from './audit-query';

const none: AuditFilters = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '', pageIndex: 0, pageSize: 10 };

describe('audit filters', () => {
  it('round-trips every filter through the URL, with a one-based page and known page sizes only', () => {
    const filters: AuditFilters = {
      actor: 'ada',
      action: 'character.',
      targetType: 'character',
      targetId: 'c-1',
      from: '2026-11-24T10:00',
      to: '2026-11-24T11:30',
      pageIndex: 2,
      pageSize: 25,
    };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe(
      'actor=ada&action=character.&target_type=character&target_id=c-1&from=2026-11-24T10%3A00&to=2026-11-24T11%3A30&page=3&size=25',
    );
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(filtersToSearch(none).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams('page=-1&size=33'))).toEqual(none);
    expect(filtersFromSearch(new URLSearchParams('page=abc'))).toEqual(none);
  });

  it("reads the entity pages' history links", () => {
    const href = auditHistoryHref('chat-channel', 'ch 1');
    expect(href).toBe('/admin/audit?target_type=chat-channel&target_id=ch+1');
    expect(filtersFromSearch(new URLSearchParams(href.split('?')[1]))).toMatchObject({ targetType: 'chat-channel', targetId: 'ch 1' });
  });

  it('builds requests with only the filters that are set; To covers its whole minute', () => {
    expect(auditPageRequest(none)).toEqual({ limit: 10, offset: 0 });
    const from = new Date('2026-11-24T10:00').getTime();
    const to = new Date('2026-11-24T11:30').getTime() + 59_999;
    expect(
      auditPageRequest({
        ...none,
        actor: ' ada ',
        action: 'map.',
        targetType: 'map',
        targetId: 'm-1',
        from: '2026-11-24T10:00',
        to: '2026-11-24T11:30',
        pageIndex: 3,
        pageSize: 50,
      }),
    ).toEqual({
      actor: 'ada',
      action: 'map.',
      targetType: 'map',
      targetId: 'm-1',
      fromMs: BigInt(from),
      toMs: BigInt(to),
      limit: 50,
      offset: 150,
    });
    expect(auditFilterRequest({ ...none, actor: '   ' })).toEqual({});
    expect(localInputToMs('garbage', 'start')).toBeUndefined();
  });

  it('rejects a range that ends before it starts', () => {
    expect(rangeError({ from: '2026-11-25T00:00', to: '2026-11-24T00:00' })).toBe(RANGE_ERROR);
    expect(rangeError({ from: '2026-11-24T10:00', to: '2026-11-24T10:00' })).toBeUndefined();
    expect(rangeError({ from: '', to: '2026-11-24T10:00' })).toBeUndefined();
  });

  it('links a target to its console page unless the console has none or the record deleted it', () => {
    expect(targetHref({ targetType: 'character', targetId: 'c-1', action: 'character.edit' })).toBe('/admin/characters/c-1');
    expect(targetHref({ targetType: 'chat-channel', targetId: 'ch-1', action: 'chat-channel.create' })).toBe('/admin/chats/ch-1');
    expect(targetHref({ targetType: 'dimension', targetId: 'd-1', action: 'dimension.edit' })).toBe('/admin/dimensions/d-1');
    expect(targetHref({ targetType: 'sanction', targetId: 's-1', action: 'sanction.revoke' })).toBe('/admin/sanctions/s-1');
    expect(targetHref({ targetType: 'map', targetId: 'm-1', action: 'map.delete' })).toBeUndefined();
    // An account (a user, or a whole-account purge) opens its player page.
    expect(targetHref({ targetType: 'user', targetId: 'u-1', action: 'user.group.add' })).toBe('/admin/accounts/u-1');
    expect(targetHref({ targetType: 'account', targetId: 'u-1', action: 'chat-message.purge' })).toBe('/admin/accounts/u-1');
    expect(targetHref({ targetType: 'moderation-settings', targetId: '', action: 'moderation-settings.set' })).toBeUndefined();
  });
});
