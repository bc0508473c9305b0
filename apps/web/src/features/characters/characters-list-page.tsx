import { ListPage } from '../../components/list-page';
import { useCan } from '../../lib/access/capabilities';
import { useCharacterStats } from '../../lib/api/characters';
import { useOnlineCharacterIds } from '../../lib/api/game-sessions';
import { CharactersTable } from './characters-table';

export default function CharactersListPage() {
  // The aggregate says whether any character exists at all (a search with no hits is not 'empty').
  const stats = useCharacterStats();
  // Who plays now: one ListOnlinePlayers for the whole page, not a call per row.
  const online = useOnlineCharacterIds({ enabled: useCan()('game-sessions.online.read') });
  return (
    <ListPage
      title="Characters"
      description="Player characters across every dimension. Paged, sorted and searched on the server."
      create={{ label: 'New Character', to: '/admin/characters/new', emptyLabel: 'Create a new character' }}
      isEmpty={stats.data?.totalCharacters === 0}
    >
      {(search) => <CharactersTable search={search} online={online} />}
    </ListPage>
  );
}
