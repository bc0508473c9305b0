import { Link } from 'react-router';
import { ItemNotFoundError } from '../lib/api/entity-cache';
import { itemLoadFailureText, listLoadFailureText, mayAnswerDifferently } from '../lib/rpc/rpc-error';
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

/**
 * A detail that failed: 'Item with ID {id} not found' with a way back, else 'Failed to load map. …' and Retry — unless
 * a retry would get the same answer (a malformed id, a refusal): then only the way back. All of them are console pages.
 */
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
  const title = `Could not load this ${what}`;
  return (
    <ErrorPanel title={title} message={message}>
      <title>{`${title} · SRO Admin`}</title>
      <div className="flex flex-wrap items-center gap-4">
        {!notFound && onRetry && mayAnswerDifferently(error) && <RetryButton onRetry={onRetry} />}
        <Link to={backTo} className="text-sm font-medium text-neon-cyan underline-offset-4 hover:underline">
          {backLabel}
        </Link>
      </div>
    </ErrorPanel>
  );
}
