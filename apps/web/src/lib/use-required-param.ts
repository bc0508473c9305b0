import { useParams } from 'react-router';

/** A route parameter the page cannot work without; throws SPEC §8's 'X ID is required' when absent. */
export function useRequiredParam(name: string, missingMessage: string): string {
  const value = useParams()[name];
  if (!value) throw new Error(missingMessage);
  return value;
}
