import type { Role } from "./caller.js";
import { handlerRuleTable, permissionTable, type Access, type HandlerRule } from "./permissions.js";

/**
 * The permission table's decisions, named (docs/permissions.md "Capabilities"): each capability stands for rpcs of
 * the table that share one rule, or for one of the handlers' finer rules. A role holds a capability with the scope
 * its rule gives ("all" or "own"), or not at all; nothing here decides anything the table does not.
 */
type Source = { rpcs: readonly string[] } | { handlerRule: HandlerRule };

const rpcs = (service: string, ...methods: string[]): Source => ({ rpcs: methods.map((m) => `${service}/${m}`) });
const CHARACTER = "sro.character.CharacterService";
const CHAT = "sro.chat.ChatService";
const SANCTION = "sro.moderation.SanctionService";
const RULES = "sro.moderation.ChannelRulesService";
const REPORT = "sro.moderation.ReportService";
const HISTORY = "sro.moderation.ChatHistoryService";
const APPEAL = "sro.moderation.AppealService";
const DIMENSION = "sro.gameserver.DimensionService";
const MAP = "sro.gameserver.MapService";
const CONNECTION = "sro.gameserver.ConnectionService";
const CONTROL = "sro.gameserver.GameServerControlService";

export const capabilityTable = {
  "characters.read": rpcs(CHARACTER, "GetCharacter", "GetCharactersForUser"),
  "characters.browse": rpcs(CHARACTER, "GetCharacters", "GetCharacterStats"),
  "characters.create-delete": rpcs(CHARACTER, "CreateCharacter", "DeleteCharacter"),
  "characters.edit": rpcs(CHARACTER, "EditCharacter"),
  "characters.add-play-time": rpcs(CHARACTER, "AddCharacterPlayTime"),
  "chat.channel-talk": rpcs(CHAT, "ConnectChatChannel", "SendChatChannelMessage"),
  "chat.direct-messages": rpcs(CHAT, "ConnectDirectMessages", "SendDirectMessage"),
  "chat.channels.list": rpcs(CHAT, "GetChatChannels"),
  "chat.channels.read": rpcs(CHAT, "GetChatChannel"),
  "chat.channels.edit": rpcs(CHAT, "CreateChatChannel", "EditChatChannel", "DeleteChatChannel"),
  "chat.authorizations.read": rpcs(CHAT, "GetAuthorizedChatChannels"),
  "chat.authorizations.edit": rpcs(CHAT, "SetCharacterChatChannelAuth", "UpdateCharacterChatChannelAuth"),
  "chat.channel-ban": rpcs(CHAT, "BanCharacterFromChatChannel"),
  "chat.logs.read": rpcs(CHAT, "GetChatLogs"),
  "sanctions.read": rpcs(SANCTION, "GetSanction", "ListSanctions", "SuggestSanction", "GetModerationSettings"),
  "sanctions.issue": rpcs(SANCTION, "IssueSanction", "RevokeSanction"),
  "sanctions.account-ban": { handlerRule: "account-ban" },
  "sanctions.read-own": rpcs(SANCTION, "GetMySanctions"),
  "sanctions.settings.edit": rpcs(SANCTION, "SetModerationSettings"),
  "channel-rules.read": rpcs(RULES, "GetChannelRules"),
  "channel-rules.edit": rpcs(RULES, "SetChannelRules"),
  "held-messages.review": rpcs(RULES, "ListHeldMessages", "ReviewHeldMessage"),
  "reports.file": rpcs(REPORT, "ReportChatMessage"),
  "reports.read-own": rpcs(REPORT, "GetMyReports"),
  "reports.claim": rpcs("sro.moderation.ReportClaimService", "ClaimReportedMessage", "ReleaseReportedMessageClaim"),
  "reports.work": rpcs(REPORT, "ListReportedMessages", "GetReportedMessage", "ResolveReportedMessage"),
  "appeals.file": rpcs(APPEAL, "FileAppeal"),
  "appeals.read-own": rpcs(APPEAL, "GetMyAppeals"),
  "appeals.read": rpcs(APPEAL, "ListAppeals", "GetAppeal"),
  // Who decides an appeal may claim it (docs/moderation.md "Triage").
  "appeals.decide": {
    rpcs: [`${APPEAL}/DecideAppeal`, "sro.moderation.AppealClaimService/ClaimAppeal", "sro.moderation.AppealClaimService/ReleaseAppealClaim"],
  },
  // The requests' own capability decides which ones a holder sees and decides (the handler checks).
  "approvals.work": rpcs("sro.moderation.ApprovalService", "ListApprovals", "GetApproval", "DecideApproval"),
  "chat-history.read": rpcs(HISTORY, "SearchChatMessages"),
  "chat-history.delete": rpcs(HISTORY, "DeleteChatMessage"),
  "chat-history.purge": rpcs(HISTORY, "PurgeChatMessages"),
  "chat-history.account-purge": { handlerRule: "account-purge" },
  "dimensions.read": rpcs(DIMENSION, "GetDimension", "GetDimensions"),
  "dimensions.edit": rpcs(DIMENSION, "CreateDimension", "DuplicateDimension", "EditDimension", "DeleteDimension", "GameServerUpdate"),
  "maps.read": rpcs(MAP, "GetMap", "GetMaps"),
  "maps.edit": rpcs(MAP, "CreateMap", "EditMap", "DeleteMap"),
  "game-servers.read": { rpcs: ["sro.gameserver.GameServerDataService/GetGameServerDetails", "sro.gameserver.GameServerRegistryService/ListGameServers"] },
  "game-servers.act-for-any": { handlerRule: "any-game-server" },
  "game-servers.register": rpcs(
    "sro.gameserver.GameServerRegistryService",
    "RegisterGameServer",
    "HeartbeatGameServer",
    "DeregisterGameServer",
    "ReportPlayerLeft",
  ),
  "audit.read": rpcs("sro.moderation.AuditService", "ListAuditRecords", "GetAuditRecord"),
  "operations.read": rpcs("sro.moderation.OperationsService", "GetOperations", "GetOperationsHistory", "GetModerationFigures"),
  "webhooks.manage": rpcs(
    "sro.moderation.WebhookService",
    "ListWebhooks",
    "CreateWebhook",
    "EditWebhook",
    "DeleteWebhook",
    "TestWebhook",
    "ListWebhookDeliveries",
  ),
  "caches.reset": rpcs("sro.BusService", "ResetReaderBus", "ResetWriterBus"),
  // What the caller may do, and how much waits on the screens that opens (GetQueueCounts answers only those).
  "capabilities.read-own": { rpcs: ["sro.AccessService/GetMyCapabilities", "sro.moderation.OperationsService/GetQueueCounts"] },
  "roles.read": rpcs("sro.AccessService", "ListRoles", "ListRoleMappings"),
  "roles.edit": rpcs("sro.AccessService", "CreateRole", "EditRole", "DeleteRole", "SetRoleMapping", "DeleteRoleMapping"),
  "inventory.read": rpcs("sro.character.InventoryService", "GetInventory"),
  "inventory.write": rpcs("sro.character.InventoryService", "SetInventory"),
  "game-sessions.join": rpcs(CONNECTION, "ConnectGameServer"),
  "game-sessions.host": rpcs(CONNECTION, "VerifyConnect", "TransferPlayer"),
  "game-sessions.read": rpcs(CONNECTION, "IsCharacterPlaying", "IsUserPlaying"),
  "game-sessions.kick": rpcs(CONTROL, "KickPlayer"),
  "game-sessions.removals.read": rpcs(CONTROL, "GetPlayerRemoval", "ListPlayerRemovals"),
  "game-sessions.online.read": rpcs(CONTROL, "ListOnlinePlayers"),
  "game-sessions.removals.obey": rpcs(CONTROL, "WatchPlayerActions", "ConfirmPlayerRemoved"),
  "users.read": { handlerRule: "users-read" },
  "users.edit": { handlerRule: "users-edit" },
  "users.sessions": { handlerRule: "users-sessions" },
  "users.second-factors": { handlerRule: "users-second-factors" },
  "health.read": { rpcs: ["sro.HealthService/Health", "grpc.health.v1.Health/Check", "grpc.health.v1.Health/Watch"] },
} as const satisfies Record<string, Source>;

export type CapabilityName = keyof typeof capabilityTable;
export type Scope = Exclude<Access, "deny">;

/** A capability's access for one role: the rule its rpcs share (capabilities.test.ts holds that they do). */
export function accessOf(name: CapabilityName, role: Role): Access {
  const source: Source = capabilityTable[name];
  if ("handlerRule" in source) return handlerRuleTable[source.handlerRule][role];
  return permissionTable[source.rpcs[0]!]![role];
}

/** The capabilities a role holds and their scopes, sorted by name. */
export function capabilitiesOf(role: Role): { name: CapabilityName; scope: Scope }[] {
  return (Object.keys(capabilityTable) as CapabilityName[]).sort().flatMap((name) => {
    const access = accessOf(name, role);
    return access === "deny" ? [] : [{ name, scope: access }];
  });
}

export const capabilityNames = (Object.keys(capabilityTable) as CapabilityName[]).sort();
export const isCapabilityName = (value: string): value is CapabilityName => Object.hasOwn(capabilityTable, value);

/** The capability that decides each rpc of the permission table (capabilities.test.ts: exactly one per rpc). */
export const capabilityOfRpc: ReadonlyMap<string, CapabilityName> = new Map(
  capabilityNames.flatMap((name) => {
    const source: Source = capabilityTable[name];
    return "rpcs" in source ? source.rpcs.map((rpc) => [rpc, name] as const) : [];
  }),
);
