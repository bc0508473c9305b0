export interface NavLink {
  title: string;
  link: string;
}

/** docs/product.md#screens-and-routes: Home is active only on '' or '/', every other link by prefix. */
export function isNavLinkActive(pathname: string, link: string): boolean {
  if (link === '/' || link === '') return pathname === '' || pathname === '/';
  return pathname === link || pathname.startsWith(link.endsWith('/') ? link : `${link}/`);
}

/** `showModeration`: the caller's capabilities open the moderation desk (docs/product.md "Moderation desk"). */
export function navLinks(showAdmin: boolean, showModeration = false): NavLink[] {
  const links: NavLink[] = [
    { title: 'Home', link: '/' },
    { title: 'Dev Log', link: '/blog' },
  ];
  if (showModeration) links.push({ title: 'Moderation', link: '/moderation' });
  if (showAdmin) links.push({ title: 'Admin', link: '/admin' });
  return links;
}
