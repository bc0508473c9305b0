import type { ReactNode } from 'react';
import { DeleteAndReturn, type DeleteAndReturnProps } from './delete-with-confirm';
import { PageHeader } from './page-header';

interface Props<T extends { name: string }> {
  /** The item once loaded; until then the heading is a placeholder and there are no actions. */
  item: T | undefined;
  /** The document title until the item's name is known, e.g. 'Dimension'. */
  placeholderTitle: string;
  description: string;
  /** The Delete button's confirmation and where it returns to; the message names the loaded item. */
  deletion: Omit<DeleteAndReturnProps, 'message'> & { message: (item: T) => string };
  /** Actions before and after the Delete button. */
  actionsBefore?: ReactNode;
  actionsAfter?: ReactNode;
}

/** A detail page's title and heading with its actions, Delete among them. */
export function DetailPageHeader<T extends { name: string }>({ item, placeholderTitle, description, deletion, actionsBefore, actionsAfter }: Props<T>) {
  const { message, ...deleteProps } = deletion;
  return (
    <>
      <title>{`${item?.name ?? placeholderTitle} · SRO Admin`}</title>
      <PageHeader
        title={item?.name ?? <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description={description}
        actions={
          item && (
            <>
              {actionsBefore}
              <DeleteAndReturn {...deleteProps} message={message(item)} />
              {actionsAfter}
            </>
          )
        }
      />
    </>
  );
}
