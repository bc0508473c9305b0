import { createContext, use } from 'react';
import type { RuntimeConfig } from './runtime-config';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The loaded /app-config.json, or null when it is missing or still loading. */
export function useRuntimeConfig(): RuntimeConfig | null {
  return use(RuntimeConfigContext);
}
