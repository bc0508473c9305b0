import type { Role } from "./caller.js";

/**
 * Who may call what (docs/permissions.md: the table and why each choice).
 * "all": any target; "own": only targets the caller owns (the handler checks); "deny": PERMISSION_DENIED.
 * Every rpc the server registers must have a row: the server refuses to start otherwise.
 */
export type Access = "all" | "own" | "deny";
export type Rule = Readonly<Record<Role, Access>>;

const rule = (admin: Access, moderator: Access, player: Access, banned: Access, gameserver: Access): Rule => ({
  admin,
  moderator,
  player,
  banned,
  gameserver,
});

const ADMIN_ONLY = rule("all", "deny", "deny", "deny", "deny");
const STAFF_READ = rule("all", "all", "deny", "deny", "deny");
const STAFF_OWN_AUDIT = rule("all", "own", "deny", "deny", "deny");
/** Staff writes whose finer split (account bans: admins only) the handler applies. */
const STAFF_WRITE = rule("all", "all", "deny", "deny", "deny");
/** Players read dimensions to create a character. */
const SIGNED_IN_READ = rule("all", "all", "all", "deny", "deny");
/** Game servers write what happens in the game; admins may too (repairs). */
const GAME_WRITE = rule("all", "deny", "deny", "deny", "all");
/** Open to everyone, without a token: see publicRpcs. */
const PUBLIC = rule("all", "all", "all", "all", "all");

/**
 * The only rpcs that need no token: health, for load balancers and Kubernetes probes, which hold none. They answer
 * one word about the server's own dependencies and read no stored data.
 */
export const publicRpcs: ReadonlySet<string> = new Set(["sro.HealthService/Health", "grpc.health.v1.Health/Check", "grpc.health.v1.Health/Watch"]);

/**
 * Destructive rpcs that need a recent sign-in besides their capability (step-up.ts, docs/permissions.md "Step-up"):
 * purges, and changes of roles and role mappings. Account bans are one kind of IssueSanction: its handler decides.
 */
export const stepUpRpcs: ReadonlySet<string> = new Set([
  "sro.moderation.ChatHistoryService/PurgeChatMessages",
  "sro.AccessService/CreateRole",
  "sro.AccessService/EditRole",
  "sro.AccessService/DeleteRole",
  "sro.AccessService/SetRoleMapping",
  "sro.AccessService/DeleteRoleMapping",
]);

export const permissionTable: Readonly<Record<string, Rule>> = {
  //                                                          admin  moderator player  banned  gameserver
  "sro.character.CharacterService/GetCharacter": rule("all", "all", "own", "own", "deny"),
  "sro.character.CharacterService/GetCharacters": STAFF_READ,
  "sro.character.CharacterService/GetCharactersForUser": rule("all", "all", "own", "own", "deny"),
  "sro.character.CharacterService/CreateCharacter": rule("all", "deny", "own", "deny", "deny"),
  "sro.character.CharacterService/DeleteCharacter": rule("all", "deny", "own", "deny", "deny"),
  "sro.character.CharacterService/EditCharacter": ADMIN_ONLY,
  "sro.character.CharacterService/AddCharacterPlayTime": rule("all", "deny", "deny", "deny", "all"),
  "sro.character.CharacterService/GetCharacterStats": STAFF_READ,
  // Inventories: players read their own characters'; game servers (and admins) write them, audited.
  "sro.character.InventoryService/GetInventory": rule("all", "all", "own", "own", "all"),
  "sro.character.InventoryService/SetInventory": GAME_WRITE,

  "sro.chat.ChatService/ConnectChatChannel": rule("all", "all", "own", "deny", "deny"),
  "sro.chat.ChatService/ConnectDirectMessages": rule("all", "deny", "own", "deny", "deny"),
  "sro.chat.ChatService/SendChatChannelMessage": rule("all", "all", "own", "deny", "deny"),
  "sro.chat.ChatService/SendDirectMessage": rule("all", "deny", "own", "deny", "deny"),
  "sro.chat.ChatService/GetChatChannels": rule("all", "all", "own", "deny", "deny"),
  "sro.chat.ChatService/GetChatChannel": STAFF_READ,
  "sro.chat.ChatService/CreateChatChannel": ADMIN_ONLY,
  "sro.chat.ChatService/DeleteChatChannel": ADMIN_ONLY,
  "sro.chat.ChatService/EditChatChannel": ADMIN_ONLY,
  "sro.chat.ChatService/GetAuthorizedChatChannels": rule("all", "all", "own", "own", "deny"),
  "sro.chat.ChatService/SetCharacterChatChannelAuth": ADMIN_ONLY,
  "sro.chat.ChatService/UpdateCharacterChatChannelAuth": ADMIN_ONLY,
  "sro.chat.ChatService/BanCharacterFromChatChannel": STAFF_READ,
  "sro.chat.ChatService/GetChatLogs": STAFF_READ,

  // Moderators issue and revoke mutes and chat bans; only admins account bans (checked in the handler) and settings.
  "sro.moderation.SanctionService/IssueSanction": STAFF_WRITE,
  "sro.moderation.SanctionService/RevokeSanction": STAFF_WRITE,
  "sro.moderation.SanctionService/GetSanction": STAFF_READ,
  "sro.moderation.SanctionService/ListSanctions": STAFF_READ,
  "sro.moderation.SanctionService/GetMySanctions": rule("all", "all", "own", "own", "deny"),
  "sro.moderation.SanctionService/SuggestSanction": STAFF_READ,
  "sro.moderation.SanctionService/GetModerationSettings": STAFF_READ,
  "sro.moderation.SanctionService/SetModerationSettings": ADMIN_ONLY,

  // Moderators and admins set channel rules and review held messages (docs/moderation.md "Channel rules and the review lane").
  "sro.moderation.ChannelRulesService/GetChannelRules": STAFF_READ,
  "sro.moderation.ChannelRulesService/SetChannelRules": STAFF_WRITE,
  "sro.moderation.ChannelRulesService/ListHeldMessages": STAFF_READ,
  "sro.moderation.ChannelRulesService/ReviewHeldMessage": STAFF_WRITE,
  // Player reports (docs/moderation.md "Player reports"): anyone not banned reports as their own character (the
  // handler checks ownership and read access for every role); staff work the queue; account bans: admins only.
  "sro.moderation.ReportService/ReportChatMessage": rule("own", "own", "own", "deny", "deny"),
  "sro.moderation.ReportService/GetMyReports": rule("own", "own", "own", "own", "deny"),
  "sro.moderation.ReportService/ListReportedMessages": STAFF_READ,
  "sro.moderation.ReportService/GetReportedMessage": STAFF_READ,
  "sro.moderation.ReportService/ResolveReportedMessage": STAFF_WRITE,
  "sro.moderation.ReportClaimService/ClaimReportedMessage": STAFF_WRITE,
  "sro.moderation.ReportClaimService/ReleaseReportedMessageClaim": STAFF_WRITE,
  // Appeals (docs/moderation.md "Appeals"): every account appeals only its own sanctions (the handler checks, whatever
  // the grant, as GetMySanctions reads only the caller's; /Banned accounts too); staff read and decide, the sanction's issuer only when no one else may.
  "sro.moderation.AppealService/FileAppeal": rule("all", "all", "own", "own", "deny"),
  "sro.moderation.AppealService/GetMyAppeals": rule("all", "all", "own", "own", "deny"),
  "sro.moderation.AppealService/ListAppeals": STAFF_READ,
  "sro.moderation.AppealService/GetAppeal": STAFF_READ,
  "sro.moderation.AppealService/DecideAppeal": STAFF_WRITE,
  "sro.moderation.AppealClaimService/ClaimAppeal": STAFF_WRITE,
  "sro.moderation.AppealClaimService/ReleaseAppealClaim": STAFF_WRITE,
  // Four eyes (docs/moderation.md "Approvals"): staff see and decide the requests of the capabilities they hold
  // (the handler filters and checks), never their own.
  "sro.moderation.ApprovalService/ListApprovals": STAFF_WRITE,
  "sro.moderation.ApprovalService/GetApproval": STAFF_WRITE,
  "sro.moderation.ApprovalService/DecideApproval": STAFF_WRITE,
  // Moderators and admins browse stored messages, delete one and purge a character; a whole account's purge is
  // admins only (checked in the handler), as for account bans (docs/moderation.md "History, deletion and purge").
  "sro.moderation.ChatHistoryService/SearchChatMessages": STAFF_READ,
  "sro.moderation.ChatHistoryService/DeleteChatMessage": STAFF_WRITE,
  "sro.moderation.ChatHistoryService/PurgeChatMessages": STAFF_WRITE,

  "sro.gameserver.DimensionService/GetDimension": SIGNED_IN_READ,
  "sro.gameserver.DimensionService/GetDimensions": SIGNED_IN_READ,
  "sro.gameserver.DimensionService/CreateDimension": ADMIN_ONLY,
  "sro.gameserver.DimensionService/DuplicateDimension": ADMIN_ONLY,
  "sro.gameserver.DimensionService/EditDimension": ADMIN_ONLY,
  "sro.gameserver.DimensionService/DeleteDimension": ADMIN_ONLY,
  "sro.gameserver.DimensionService/GameServerUpdate": ADMIN_ONLY,

  "sro.gameserver.MapService/GetMap": STAFF_READ,
  "sro.gameserver.MapService/GetMaps": STAFF_READ,
  "sro.gameserver.MapService/CreateMap": ADMIN_ONLY,
  "sro.gameserver.MapService/EditMap": ADMIN_ONLY,
  "sro.gameserver.MapService/DeleteMap": ADMIN_ONLY,

  "sro.gameserver.GameServerDataService/GetGameServerDetails": STAFF_READ,

  "sro.gameserver.GameServerRegistryService/RegisterGameServer": rule("all", "deny", "deny", "deny", "all"),
  "sro.gameserver.GameServerRegistryService/HeartbeatGameServer": rule("all", "deny", "deny", "deny", "all"),
  "sro.gameserver.GameServerRegistryService/DeregisterGameServer": rule("all", "deny", "deny", "deny", "all"),
  "sro.gameserver.GameServerRegistryService/ListGameServers": STAFF_READ,
  "sro.gameserver.GameServerRegistryService/ReportPlayerLeft": GAME_WRITE,

  // The join flow (docs/game-servers.md): a player joins with their own character; the game server the id was issued
  // for verifies it and moves players between maps; staff and game servers see who plays.
  // Removals: game servers hold the stream of their servers and confirm (the handler checks the registering client);
  // staff kick and read the outcomes.
  "sro.gameserver.GameServerControlService/WatchPlayerActions": GAME_WRITE,
  "sro.gameserver.GameServerControlService/ConfirmPlayerRemoved": GAME_WRITE,
  "sro.gameserver.GameServerControlService/KickPlayer": STAFF_WRITE,
  "sro.gameserver.GameServerControlService/GetPlayerRemoval": STAFF_READ,
  "sro.gameserver.GameServerControlService/ListPlayerRemovals": STAFF_READ,
  "sro.gameserver.GameServerControlService/ListOnlinePlayers": STAFF_READ,
  "sro.gameserver.ConnectionService/ConnectGameServer": rule("all", "own", "own", "deny", "deny"),
  "sro.gameserver.ConnectionService/VerifyConnect": GAME_WRITE,
  "sro.gameserver.ConnectionService/TransferPlayer": GAME_WRITE,
  "sro.gameserver.ConnectionService/IsCharacterPlaying": rule("all", "all", "own", "deny", "all"),
  "sro.gameserver.ConnectionService/IsUserPlaying": rule("all", "all", "own", "deny", "all"),

  "sro.HealthService/Health": PUBLIC,
  "grpc.health.v1.Health/Check": PUBLIC,
  "grpc.health.v1.Health/Watch": PUBLIC,

  // Admins read the whole audit log; moderators the records of their own writes (docs/moderation.md "Audit log").
  "sro.moderation.AuditService/ListAuditRecords": STAFF_OWN_AUDIT,
  "sro.moderation.AuditService/GetAuditRecord": STAFF_OWN_AUDIT,

  // The live operations wall on the dashboard (docs/moderation.md "Operations wall").
  "sro.moderation.OperationsService/GetOperations": STAFF_READ,
  "sro.moderation.OperationsService/GetOperationsHistory": STAFF_READ,
  "sro.moderation.OperationsService/GetModerationFigures": STAFF_READ,
  // The queues' counts beside the console's and desk's links: every signed-in caller asks, and the handler answers
  // only the queues whose screens the caller's capabilities open (docs/moderation.md "Queue counts").
  "sro.moderation.OperationsService/GetQueueCounts": rule("own", "own", "own", "own", "own"),

  // The original admin client's Settings page: every node drops its cached copies of one kind of data (audited).
  "sro.BusService/ResetReaderBus": ADMIN_ONLY,
  "sro.BusService/ResetWriterBus": ADMIN_ONLY,

  // Webhooks carry moderation events to the studio's tools (docs/moderation.md "Webhooks"): admins set them up.
  "sro.moderation.WebhookService/ListWebhooks": ADMIN_ONLY,
  "sro.moderation.WebhookService/CreateWebhook": ADMIN_ONLY,
  "sro.moderation.WebhookService/EditWebhook": ADMIN_ONLY,
  "sro.moderation.WebhookService/DeleteWebhook": ADMIN_ONLY,
  "sro.moderation.WebhookService/TestWebhook": ADMIN_ONLY,
  "sro.moderation.WebhookService/ListWebhookDeliveries": ADMIN_ONLY,

  // Every signed-in caller reads their own capabilities (capabilities.ts), which the web app shows by.
  "sro.AccessService/GetMyCapabilities": rule("own", "own", "own", "own", "own"),
  // Roles and their group mappings (docs/permissions.md "Roles and mappings"): admins only by default.
  "sro.AccessService/ListRoles": ADMIN_ONLY,
  "sro.AccessService/ListRoleMappings": ADMIN_ONLY,
  "sro.AccessService/CreateRole": ADMIN_ONLY,
  "sro.AccessService/EditRole": ADMIN_ONLY,
  "sro.AccessService/DeleteRole": ADMIN_ONLY,
  "sro.AccessService/SetRoleMapping": ADMIN_ONLY,
  "sro.AccessService/DeleteRoleMapping": ADMIN_ONLY,
};

/**
 * The finer splits a handler applies inside an rpc the table lets through, as rules of their own, so that they are
 * named capabilities too (docs/permissions.md ² and ⁶): account bans and a whole account's purge are admins' only;
 * acting for a game server another client registered is admins' only (⁷). And the doors that are not rpcs: the
 * identity provider's users API (docs/permissions.md "Decided"): staff read users, admins change them, see their
 * sessions and reset their second factors.
 */
export const handlerRuleTable = {
  "account-ban": ADMIN_ONLY,
  "account-purge": ADMIN_ONLY,
  "any-game-server": ADMIN_ONLY,
  "users-read": STAFF_READ,
  "users-edit": ADMIN_ONLY,
  "users-sessions": ADMIN_ONLY,
  "users-second-factors": ADMIN_ONLY,
} as const satisfies Readonly<Record<string, Rule>>;
export type HandlerRule = keyof typeof handlerRuleTable;

export const rpcKey = (serviceTypeName: string, methodName: string) => `${serviceTypeName}/${methodName}`;
