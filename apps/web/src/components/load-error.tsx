import { Link } from 'react-router';
import { ItemNotFoundError } from '../lib/api/entity-cache';
import { itemLoadFailureText, listLoadFailureText } from '../lib/rpc/rpc-error';
import { buttonClasses } from './button-styles';
import { ErrorPanel } from './error-panel';

/**
 * A list that failed to load: 'Failed to load maps: {code} {message}' and Retry — shown instead of the table, never
 * beside an empty one ('No results found' and 'Showing 0 to 0 of 0 results' would contradict it).
 */
export function ListLoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <ErrorPanel title={`Could not load ${what}`} message={listLoadFailureText(what, error)}>
      <RetryButton onRetry={onRetry} />
    </ErrorPanel>
  );
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className={buttonClasses('secondary', 'sm')} onClick={onRetry}>
      Retry
    </button>
  );
}

/** A detail that failed: 'Item with ID {id} not found' with a way back, else 'Failed to load map. …' and Retry. */
export function ItemLoadError({
  what,
  error,
  backTo,
  backLabel,
  onRetry,
}: {
  what: string;
  error: unknown;
  backTo: string;
  backLabel: string;
  onRetry?: () => void;
}) {
  const notFound = error instanceof ItemNotFoundError;
  const message = notFound ? error.message : itemLoadFailureText(what, error);
  return (
    <ErrorPanel title={`Could not load this ${what}`} message={message}>
      <div className="flex flex-wrap items-center gap-4">
        {!notFound && onRetry && <RetryButton onRetry={onRetry} />}
        <Link to={backTo} className="text-sm font-medium text-neon-cyan underline-offset-4 hover:underline">
          {backLabel}
        </Link>
      </div>
    </ErrorPanel>
  );
}
