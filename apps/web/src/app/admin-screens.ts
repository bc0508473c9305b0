import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/** A screen loaded on demand: `load()` starts (or joins) the download, `Component` renders it behind Suspense. */
export interface LazyScreen<P = object> {
  load: () => Promise<Module<P>>;
  Component: ComponentType<P>;
}

function screen<P = object>(importer: () => Promise<Module<P>>): LazyScreen<P> {
  let loading: Promise<Module<P>> | null = null;
  const load = () => {
    // A failed download is forgotten, so the next intent or navigation tries again.
    loading ??= importer().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return { load, Component: lazy(load) };
}

/** A named export as a module's default, for `screen()`. */
const named =
  <P, K extends string>(key: K) =>
  (module: Record<K, ComponentType<P>>): Module<P> => ({ default: module[key] });

// Each admin screen is its own chunk; the router, the session, the shell and the design system are shared.
export const SCREENS = {
  dashboard: screen(() => import('../features/dashboard/dashboard-page')),
  charactersTable: screen(() => import('../features/characters/characters-table').then(named('CharactersTable'))),
  dimensions: screen(() => import('../features/dimensions/dimensions-list-page')),
  dimensionNew: screen(() => import('../features/dimensions/dimension-new-page')),
  dimension: screen(() => import('../features/dimensions/dimension-detail-page')),
  dimensionEdit: screen(() => import('../features/dimensions/dimension-edit-page')),
  maps: screen(() => import('../features/maps/maps-list-page')),
  mapNew: screen(() => import('../features/maps/map-new-page')),
  map: screen(() => import('../features/maps/map-detail-page')),
  mapEdit: screen(() => import('../features/maps/map-edit-page')),
  livePlayers: screen(() => import('../features/live-players/live-players-page')),
  characters: screen(() => import('../features/characters/characters-list-page')),
  characterNew: screen(() => import('../features/characters/character-new-page')),
  character: screen(() => import('../features/characters/character-detail-page')),
  characterSanctions: screen(() => import('../features/moderation/sanctions/character-sanctions').then(named('CharacterSanctions'))),
  account: screen(() => import('../features/accounts/account-page')),
  accountAudit: screen(() => import('../features/moderation/audit/account-audit').then(named('AccountAudit'))),
  accountReports: screen(() => import('../features/moderation/reports/account-reports').then(named('AccountReports'))),
  accountAppeals: screen(() => import('../features/moderation/appeals/account-appeals').then(named('AccountAppeals'))),
  accountMessages: screen(() => import('../features/moderation/chat-history/account-messages').then(named('AccountMessages'))),
  accountSanctions: screen(() => import('../features/moderation/sanctions/sanction-history').then(named('SanctionHistory'))),
  characterEdit: screen(() => import('../features/characters/character-edit-page')),
  chats: screen(() => import('../features/chats/chats-list-page')),
  chatNew: screen(() => import('../features/chats/chat-new-page')),
  chat: screen(() => import('../features/chats/chat-detail-page')),
  chatEdit: screen(() => import('../features/chats/chat-edit-page')),
  chatConnect: screen(() => import('../features/chat-connect/chat-connect-page')),
  chatSanctionDialog: screen(() => import('../features/moderation/sanctions/chat-sanction-dialog').then(named('ChatSanctionDialog'))),
  chatHistory: screen(() => import('../features/moderation/chat-history/chat-history-page')),
  messages: screen(() => import('../features/moderation/chat-history/messages-page')),
  sanctions: screen(() => import('../features/moderation/sanctions/sanctions-list-page')),
  moderationSettings: screen(() => import('../features/moderation/sanctions/moderation-settings-page')),
  sanction: screen(() => import('../features/moderation/sanctions/sanction-detail-page')),
  moderation: screen(() => import('../features/moderation/held-messages/held-messages-page')),
  reports: screen(() => import('../features/moderation/reports/reports-queue-page')),
  reportedMessage: screen(() => import('../features/moderation/reports/reported-message-page')),
  appeals: screen(() => import('../features/moderation/appeals/appeals-queue-page')),
  appeal: screen(() => import('../features/moderation/appeals/appeal-page')),
  approvals: screen(() => import('../features/moderation/approvals/approvals-page')),
  audit: screen(() => import('../features/moderation/audit/audit-log-page')),
  auditRecord: screen(() => import('../features/moderation/audit/audit-record-page')),
  settings: screen(() => import('../features/settings/settings-page')),
  webhooks: screen(() => import('../features/webhooks/webhooks-list-page')),
  webhookNew: screen(() => import('../features/webhooks/webhook-new-page')),
  webhook: screen(() => import('../features/webhooks/webhook-detail-page')),
  webhookEdit: screen(() => import('../features/webhooks/webhook-edit-page')),
  roles: screen(() => import('../features/roles/roles-screens').then(named('RolesPage'))),
  roleNew: screen(() => import('../features/roles/roles-screens').then(named('RoleNewPage'))),
  roleEdit: screen(() => import('../features/roles/roles-screens').then(named('RoleEditPage'))),
  notFound: screen(() => import('../features/admin-shell/admin-not-found-page')),
};

export type ScreenName = keyof typeof SCREENS;

/** Admin URL patterns (below /admin) and the screens they show. */
export const SCREEN_ROUTES: [pattern: string, screens: ScreenName[]][] = [
  ['', ['dashboard', 'charactersTable']],
  ['dimensions', ['dimensions']],
  ['dimensions/new', ['dimensionNew']],
  ['dimensions/:id', ['dimension']],
  ['dimensions/:id/edit', ['dimensionEdit']],
  ['maps', ['maps']],
  ['maps/new', ['mapNew']],
  ['maps/:id', ['map']],
  ['maps/:id/edit', ['mapEdit']],
  ['players', ['livePlayers']],
  ['characters', ['characters']],
  ['characters/new', ['characterNew']],
  ['characters/:id', ['character', 'characterSanctions']],
  ['characters/:id/edit', ['characterEdit']],
  ['accounts/:id', ['account', 'accountSanctions', 'accountReports', 'accountAppeals', 'accountMessages', 'accountAudit']],
  ['chats', ['chats']],
  ['chats/new', ['chatNew']],
  ['chats/:id', ['chat']],
  ['chats/:id/edit', ['chatEdit']],
  ['chats/:id/connect', ['chatConnect']],
  ['chats/:id/history', ['chatHistory']],
  ['sanctions', ['sanctions']],
  ['sanctions/settings', ['moderationSettings']],
  ['sanctions/:id', ['sanction']],
  ['moderation', ['moderation']],
  ['reports', ['reports']],
  ['reports/:messageId', ['reportedMessage']],
  ['appeals', ['appeals']],
  ['appeals/:id', ['appeal']],
  ['approvals', ['approvals']],
  ['messages', ['messages']],
  ['audit', ['audit']],
  ['audit/:id', ['auditRecord']],
  ['settings', ['settings']],
  ['webhooks', ['webhooks']],
  ['webhooks/new', ['webhookNew']],
  ['webhooks/:id', ['webhook']],
  ['webhooks/:id/edit', ['webhookEdit']],
  ['roles', ['roles']],
  ['roles/new', ['roleNew']],
  ['roles/:name/edit', ['roleEdit']],
];

/** Whether `pathname` (below /admin) matches a pattern of literal and `:param` segments. */
function matches(pattern: string, parts: string[]): boolean {
  const want = pattern.split('/').filter(Boolean);
  return want.length === parts.length && want.every((segment, i) => segment.startsWith(':') || segment === parts[i]);
}

/** The screens an admin URL shows (none outside /admin; the not-found screen for an unknown one). */
export function screensFor(pathname: string): ScreenName[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'admin') return [];
  const below = parts.slice(1);
  // Literal segments ('new', 'settings') outrank ':id', as in the router.
  const literal = SCREEN_ROUTES.filter(([pattern]) => !pattern.includes(':'));
  const dynamic = SCREEN_ROUTES.filter(([pattern]) => pattern.includes(':'));
  const hit = [...literal, ...dynamic].find(([pattern]) => matches(pattern, below));
  return hit ? hit[1] : ['notFound'];
}

/** Starts downloading what `pathname` shows: on the user's intent (hover, focus) and as a cold load begins. */
export function preloadScreens(pathname: string): void {
  for (const name of screensFor(pathname)) void SCREENS[name].load().catch(() => {});
}
