import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DetailPageHeader } from '../../components/detail-page-header';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { useTableSearch } from '../../components/table/global-search';
import { useCan } from '../../lib/access/capabilities';
import { useCharacter, useDeleteCharacter } from '../../lib/api/characters';
import { useAuthorizedChannels } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { useOwner } from '../../lib/api/owners';
import { formatAge, formatPlayTime } from '../../lib/time-format';
import { useRequiredParam } from '../../lib/use-required-param';
import { CharacterChannelsTable } from './character-channels-table';
import { CharacterInventory } from './character-inventory';
import { CharacterSession } from './character-session';
import { PlayerRemovals } from '../../components/game-sessions/player-removals';
import { capitalize, CHARACTER_DELETED, CHARACTER_ID_REQUIRED } from './character-messages';
import { OwnerSummary } from './owner-summary';

const mono = (text: string | undefined) => <CopyableId id={text} />;
const NEVER_REMOVED = 'This character was never kicked or banned from a game server.';

/** What the page needs to show a character's sanctions (the sanctions feature renders them; app/ wires it in). */
export interface CharacterSanctionsSlot {
  characterId: string;
  characterName: string;
  ownerId: string;
  ownerName?: string;
  /** Where the character lives: a sanction from its page defaults to that dimension. */
  dimensionId: string;
}

interface Props {
  renderSanctions?: (character: CharacterSanctionsSlot) => ReactNode;
}

export default function CharacterDetailPage({ renderSanctions }: Props = {}) {
  const id = useRequiredParam('id', CHARACTER_ID_REQUIRED);
  const character = useCharacter(id);
  const data = character.data;
  const owner = useOwner(data?.ownerId ?? '');
  const dimensions = useDimensions();
  const channels = useAuthorizedChannels(id);
  const remove = useDeleteCharacter();
  const query = useTableSearch();
  const can = useCan();
  if (character.isError) {
    return (
      <ItemLoadError
        what="character"
        error={character.error}
        onRetry={() => void character.refetch()}
        backTo="/admin/characters"
        backLabel="Back to characters"
      />
    );
  }
  const dimension = dimensions.data?.find((d) => d.id === data?.dimensionId);
  return (
    <>
      <DetailPageHeader
        item={data}
        placeholderTitle="Character"
        description="Character"
        deletion={{
          what: 'character',
          title: 'Delete character',
          message: (character) => `Delete the character ${character.name}? The player loses it and its chat authorizations.`,
          remove: () => remove.mutateAsync(id),
          parentPath: '/admin/characters',
          deletedMessage: CHARACTER_DELETED,
        }}
        actionsBefore={
          <Link to={`/admin/audit?target_type=character&target_id=${encodeURIComponent(id)}`} className={buttonClasses('secondary')}>
            History
          </Link>
        }
        actionsAfter={
          <Link to={`/admin/characters/${id}/edit`} className={buttonClasses('primary')}>
            Edit
          </Link>
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Name', value: data?.name },
          {
            term: 'Owner',
            value: data && (
              <>
                <OwnerSummary owner={owner} ownerId={data.ownerId} />
                <span className="mt-1 block">{mono(data.ownerId)}</span>
              </>
            ),
          },
          {
            term: 'Dimension',
            value: data && (
              <>
                {dimension?.name ?? 'Unknown'}
                <span className="mt-1 block">{mono(data.dimensionId)}</span>
              </>
            ),
          },
          ...(can('game-sessions.online.read')
            ? [{ term: 'Game session', value: data && <CharacterSession characterId={id} characterName={data.name} dimensionId={data.dimensionId} /> }]
            : []),
          { term: 'Gender', value: data && capitalize(data.gender) },
          { term: 'Realm', value: data && capitalize(data.realm) },
          { term: 'Playtime', value: data && formatPlayTime(data.playTime) },
          { term: 'Age', value: data && formatAge(data.createdAt) },
          { term: 'Unique Id', value: mono(data?.id) },
        ]}
      />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">Authorized Chat Channels</h2>
      <CharacterChannelsTable
        label="Authorized chat channels"
        channels={channels.data ?? []}
        dimensions={dimensions.data ?? []}
        loading={channels.isPending}
        search={query}
        emptyMessage="This character has no private channel authorizations."
        // A character holds a few authorizations: ten skeleton rows collapsing pulled the sections below up.
        skeletonRows={1}
      />
      {can('inventory.read') && <CharacterInventory characterId={id} />}
      {can('game-sessions.removals.read') && <PlayerRemovals of={{ characterId: id }} emptyMessage={NEVER_REMOVED} />}
      {data &&
        renderSanctions?.({ characterId: id, characterName: data.name, ownerId: data.ownerId, ownerName: owner?.username, dimensionId: data.dimensionId })}
    </>
  );
}
