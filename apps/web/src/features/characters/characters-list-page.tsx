import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useTableSearch } from '../../components/table/global-search';
import { useCharacterStats } from '../../lib/api/characters';
import { CharactersTable } from './characters-table';

export default function CharactersListPage() {
  const query = useTableSearch();
  // The aggregate says whether any character exists at all (a search with no hits is not 'empty').
  const stats = useCharacterStats();
  let content: ReactNode = <CharactersTable search={query} />;
  if (stats.data?.totalCharacters === 0) content = <EmptyState label="Create a new character" to="/admin/characters/new" />;
  return (
    <>
      <title>Characters · SRO Admin</title>
      <PageHeader
        title="Characters"
        description="Player characters across every dimension. Paged, sorted and searched on the server."
        actions={
          <Link to="/admin/characters/new" className={buttonClasses('primary')}>
            New Character
          </Link>
        }
      />
      {content}
    </>
  );
}
