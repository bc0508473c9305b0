import { createContext, use } from 'react';

/**
 * Where a screen's links go in the area it is shown in (docs/product.md "Moderation desk"): the same screens serve
 * the admin console (/admin/…) and the moderation desk (/moderation/…). `path` is below the area ('sanctions/…',
 * '' for its home); undefined means this area has no such screen, and the screen shows text instead of a link.
 */
export type AreaHref = (path: string) => string | undefined;

export const consoleHref: AreaHref = (path) => (path ? `/admin/${path}` : '/admin');

export const AreaHrefContext = createContext<AreaHref>(consoleHref);

export function useAreaHref(): AreaHref {
  return use(AreaHrefContext);
}

/** A console URL ('/admin/sanctions/1') as a path below the area ('sanctions/1'), for screens that build console URLs. */
export const belowConsole = (href: string) => href.replace(/^\/admin(?:\/|$)/, '');
