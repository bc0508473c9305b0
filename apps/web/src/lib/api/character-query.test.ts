import { describe, expect, it } from 'vitest';
import { CharacterSortField } from '../../gen/sro/character/character_pb';
import { characterEdit, characterPageRequest } from './character-query';

describe('characterPageRequest', () => {
  it('turns page, sort and search into limit/offset, sort field and text', () => {
    expect(characterPageRequest({ pageIndex: 3, pageSize: 25, sort: { id: 'playTime', desc: true }, search: '  Nova ' })).toEqual({
      filters: { limit: 25, offset: 75 },
      sortBy: CharacterSortField.PLAYTIME,
      sortDescending: true,
      search: 'Nova',
    });
  });

  it('maps every sortable column and ignores unknown ones', () => {
    const field = (id: string) => characterPageRequest({ pageIndex: 0, pageSize: 10, sort: { id, desc: false }, search: '' }).sortBy;
    expect(['name', 'ownerId', 'realm', 'gender', 'dimensionId', 'playTime', 'createdAt'].map(field)).toEqual([
      CharacterSortField.NAME,
      CharacterSortField.OWNER,
      CharacterSortField.REALM,
      CharacterSortField.GENDER,
      CharacterSortField.DIMENSION,
      CharacterSortField.PLAYTIME,
      CharacterSortField.CREATED,
    ]);
    const unsorted = characterPageRequest({ pageIndex: 0, pageSize: 10, sort: { id: 'age', desc: true }, search: '' });
    expect(unsorted.sortBy).toBe(CharacterSortField.UNSPECIFIED);
    expect(unsorted.sortDescending).toBe(false);
  });
});

describe('characterEdit', () => {
  const before = { name: 'Nova', gender: 'female', realm: 'human', dimensionId: 'd1', ownerId: 'u1' };

  it('sends only the changed fields with their mask paths', () => {
    expect(characterEdit('c1', before, { ...before, realm: 'cyborg', dimensionId: 'd2' })).toEqual({
      mask: { paths: ['realm', 'dimension_id'] },
      character: { id: 'c1', realm: 'cyborg', dimensionId: 'd2' },
    });
    expect(characterEdit('c1', before, { ...before, name: 'Nova-2', ownerId: 'u2' })?.mask.paths).toEqual(['name', 'owner_id']);
  });

  it('returns null when nothing changed', () => {
    expect(characterEdit('c1', before, { ...before })).toBeNull();
  });
});
