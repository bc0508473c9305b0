import { Link } from 'react-router';
import { ItemNotFoundError } from '../lib/api/entity-cache';
import { itemLoadFailureText, listLoadFailureText } from '../lib/rpc/rpc-error';
import { ErrorPanel } from './error-panel';

/** A list that failed to load: 'Failed to load maps: {code} {message}'. */
export function ListLoadError({ what, error }: { what: string; error: unknown }) {
  return <ErrorPanel title={`Could not load ${what}`} message={listLoadFailureText(what, error)} />;
}

/** A detail that failed: 'Item with ID {id} not found', else 'Failed to load map. …'. */
export function ItemLoadError({ what, error, backTo, backLabel }: { what: string; error: unknown; backTo: string; backLabel: string }) {
  const message = error instanceof ItemNotFoundError ? error.message : itemLoadFailureText(what, error);
  return (
    <ErrorPanel title={`Could not load this ${what}`} message={message}>
      <Link to={backTo} className="text-sm font-medium text-neon-cyan underline-offset-4 hover:underline">
        {backLabel}
      </Link>
    </ErrorPanel>
  );
}
