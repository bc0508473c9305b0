import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './button-styles';
import { EmptyState } from './empty-state';
import { ListLoadError } from './load-error';
import { PageHeader } from './page-header';
import { useTableSearch } from './table/global-search';

/** The part of a list query the page reads. */
interface LoadedList {
  isError: boolean;
  error: unknown;
  data?: readonly unknown[];
  refetch: () => unknown;
}

interface Props {
  /** The heading and the document title, e.g. 'Dimensions'. */
  title: string;
  description: string;
  /** The create link's text ('New Dimension') and target; the empty state links there with its own text. */
  create: { label: string; to: string; emptyLabel: string };
  /** The whole list, for a page that loads it at once: its failure (with a retry) or its emptiness replaces the table. */
  list?: { what: string; query: LoadedList };
  /** For a page whose table loads itself: nothing exists at all (a search with no hits is not empty). */
  isEmpty?: boolean;
  /** The table, given the global search. */
  children: (search: string) => ReactNode;
}

/** A list page: the heading with its create link, then the table, or the load failure, or the empty state. */
export function ListPage({ title, description, create, list, isEmpty, children }: Props) {
  const search = useTableSearch();
  const failed = list && list.query.isError && !list.query.data;
  const empty = isEmpty ?? list?.query.data?.length === 0;
  return (
    <>
      <title>{`${title} · SRO Admin`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to={create.to} className={buttonClasses('primary')}>
            {create.label}
          </Link>
        }
      />
      {failed ? (
        <ListLoadError what={list.what} error={list.query.error} onRetry={() => void list.query.refetch()} />
      ) : empty ? (
        <EmptyState label={create.emptyLabel} to={create.to} />
      ) : (
        children(search)
      )}
    </>
  );
}
