import { useParams } from 'react-router';

/** A route parameter the page cannot work without; throws 'X ID is required' (docs/product.md#texts-and-errors) when absent. */
export function useRequiredParam(name: string, missingMessage: string): string {
  const value = useParams()[name];
  if (!value) throw new Error(missingMessage);
  return value;
}
