import { randomUUID } from "node:crypto";
import type { ServiceImpl } from "@connectrpc/connect";
import { createAuditService } from "./audit/audit-service.js";
import { createAuditStore } from "./audit/audit-store.js";
import { appendAudit } from "./audit/audit-trail.js";
import { CharacterEvents } from "./character/character-events.js";
import { createCharacterService } from "./character/character-service.js";
import { createCharacterStore } from "./character/character-store.js";
import { createOwnerSearch } from "./character/owner-search.js";
import type { AppBus } from "./cluster-events.js";
import { ChatFigures } from "./chat/chat-figures.js";
import { composeOperationsWall } from "./compose-operations.js";
import type { HeldWaiting } from "./moderation/operations-service.js";
import type { LastStreamEnded } from "./moderation/ban-disconnects.js";
import { createAccountBanGate, type AccountBanGate } from "./moderation/account-ban-gate.js";
import { createSanctionService } from "./moderation/sanction-service.js";
import { accountDirectory, sanctionEventsOn, withBanWebhooks } from "./compose-sanctions.js";
import { createSanctionStore } from "./moderation/sanction-store.js";
import { approvalQueueFigures, approvalsOf, createApprovalService } from "./moderation/approval-service.js";
import { createGameBans } from "./moderation/game-bans.js";
import { createReportService } from "./moderation/report-service.js";
import { createReportTriageStore } from "./moderation/report-triage-store.js";
import { createReportStore } from "./moderation/report-store.js";
import { createAppealService } from "./moderation/appeal-service.js";
import { createAppealStore } from "./moderation/appeal-store.js";
import { createCapabilityHolders } from "./identity/capability-holders.js";
import { createChatAccess } from "./chat/chat-access.js";
import { createBusService } from "./caches/bus-service.js";
import { createAccessService } from "./identity/access-service.js";
import { createRoleStore } from "./identity/role-store.js";
import { createAccessResolver, type AccessResolver } from "./platform/auth/access-resolution.js";
import { knownTargets, type CacheTarget } from "./caches/cache-targets.js";
import { createChatService } from "./chat/chat-service.js";
import { chatNoticesOfCharacters } from "./chat/character-notices.js";
import { createChatStore } from "./chat/chat-store.js";
import { createChannelRulesCache } from "./moderation/channel-rules-cache.js";
import { createChannelSendRules } from "./moderation/channel-send-rules.js";
import { createChannelRulesService } from "./moderation/channel-rules-service.js";
import { createChannelRulesStore, heldWaitingByChannel } from "./moderation/channel-rules-store.js";
import { createMessageDeletion } from "./moderation/message-deletion.js";
import { createChatHistoryService } from "./moderation/chat-history-service.js";
import { createHistoryStore } from "./moderation/history-store.js";
import type { CharacterService } from "./gen/sro/character/character_pb.js";
import { createGameServices } from "./gameserver/game-services.js";
import { createHealthServices } from "./health/health-services.js";
import { createInventoryService } from "./character/inventory-service.js";
import { createInventoryStore } from "./character/inventory-store.js";
import { requireLocation } from "./character/character-rules.js";
import type { Readiness } from "./platform/readiness.js";
import { createWebhookSender } from "./webhooks/webhook-sender.js";
import { createWebhookService } from "./webhooks/webhook-service.js";
import { createWebhookStore } from "./webhooks/webhook-store.js";
import type { Config } from "./platform/config.js";
import type { Database } from "./platform/db/database.js";
import type { Logger } from "./platform/logger.js";
import type { Metrics } from "./platform/metrics.js";

export interface ComposeDeps {
  config: Config;
  database: Pick<Database, "db" | "changes">;
  logger: Logger;
  /** Chat fan-out: in-process, or NATS when config.natsUrl is set. */
  bus: AppBus;
  metrics?: Pick<Metrics, "chatDeliveries">;
  /** This node's roles and mappings, which the auth interceptor resolves callers by (openAccessResolver). */
  access: AccessResolver;
  /** Account bans, for every rpc and sign-in (openAccountBanGate). */
  accountBans: AccountBanGate;
  /** Refuses every token of the user issued until atMs, on every node, kept for nodes that start later (token-revocations.ts). */
  revokeUser: (userId: string, atMs: number) => Promise<void>;
  /** This node's open streams per account (platform/account-streams.ts): the wall times ban → disconnect with it. */
  lastStreamEnded?: LastStreamEnded;
  /** Clock of the sanction rules and the operations wall (tests). */
  now?: () => number;
  /** This node's live chat figures (app.ts also feeds it delivery latency from the bus); a fresh one when absent. */
  chatFigures?: ChatFigures;
  /** This node's id on the bus (the operations wall tells nodes apart by it). */
  nodeId?: string;
  /**
   * Held messages waiting per channel for the operations wall. The review lane provides the real reader;
   * wire it here (the default: none waiting).
   */
  heldWaiting?: HeldWaiting;
  /** The checks of /readyz, which the health rpcs answer from too. */
  readiness: Readiness;
  /** The fully qualified names of the services the server registers (grpc.health.v1 answers for them). */
  servedServices: ReadonlySet<string>;
}

export type Services = ReturnType<typeof composeServices>;

/**
 * Where the app is put together: every service of a server, built once, with its dependencies handed in. Every
 * router and lean path registers these same objects, so they share the in-memory map and dimension lists and the
 * chat send rate limiter. Services do not import each other; what one must hear from another is wired here.
 *
 * Events between parts (the cluster bus reaches every node; the character events stay in this process):
 *
 * | event (topic)                          | published by                 | heard by                              | why
 * |----------------------------------------|------------------------------|---------------------------------------|-----------------------------------------------
 * | message (channel, direct)              | chat sends, rules' release   | chat streams                          | live delivery on every node
 * | access-changed, deleted (channel)      | chat channel handlers        | chat streams, channel rules cache     | streams re-check or end; stale rules go
 * | deleted / edited (character events)    | character service            | chat: character-notices (below)       | turned into character-deleted / -changed
 * | character-deleted / -changed (char.)   | chat character-notices       | chat service (its character streams)  | a deleted character's streams end
 * | sanctioned (character)                 | sanctions (sanctionEventsOn) | chat streams                          | a ban in scope ends reading at once
 * | account-bans (user)                    | sanctions (sanctionEventsOn) | every node's ban gate (openAccountBanGate) | refused on every rpc and at sign-in
 * |   … with endStreams (a tightening ban) |                              | gate → revocations; ban-disconnects   | streams end at once; the wall times it
 * | player-action (game-server)            | game-server control (kicks; bans via sanctionEventsOn) | WatchPlayerActions streams | the game server removes the player
 * | user-changed, session-ended (user)     | token-revocations.ts         | token-revocations.ts, chat streams    | older tokens and their streams end
 * | rules-changed (channel)                | channel rules service        | channel rules cache                   | every node judges with the new rules
 * | held-notice, messages-deleted (channel)| rules service, deletion      | chat streams that asked for notices   | senders and viewers see the outcome
 * | node-figures (node)                    | chat figures (each node)     | chat figures (every node)             | the operations wall sums the cluster
 * | caches-reset (node "all")              | sro.BusService               | cacheResets (below)                   | every node drops its copies
 * | roles-changed (node "all")             | sro.AccessService            | openAccessResolver (below)            | every node decides by the new roles
 * | bus-lost (never published)             | the bus, on losing NATS      | chat streams                          | end UNAVAILABLE so clients resume
 * | regained (never published)             | the bus, NATS back           | cacheResets, ban gate, revocations    | re-read what passed this node by meanwhile
 */
export function composeServices(deps: ComposeDeps) {
  const { config, database, logger, bus } = deps;
  // TransferPlayer stores the new location under the character's own rule.
  const gameBans = createGameBans(createSanctionStore(database.db), deps.now);
  const game = createGameServices({
    config,
    database,
    bus,
    logger,
    now: deps.now,
    requireLocation: (location) => requireLocation(location)!,
    gameBan: (characterId, ownerId) => gameBans.refusal(characterId, ownerId),
  });
  const characterEvents = new CharacterEvents();
  const characters: ServiceImpl<typeof CharacterService> = createCharacterService(createCharacterStore(database.db), {
    unpagedMax: config.charactersUnpagedMax,
    maxPerPlayer: config.maxCharactersPerPlayer,
    dimensions: game.dimensionList,
    owners: createOwnerSearch({ adminUrl: config.identity.adminUrl, logger }),
    events: characterEvents,
  });
  // Chat streams of a deleted or edited character end or re-check access.
  characterEvents.subscribe(chatNoticesOfCharacters(bus, logger));
  // Webhooks: events go to an outbox in the database; every node's sender claims and posts what is due.
  const webhookStore = createWebhookStore(database.db, deps.now);
  const webhookSender = createWebhookSender({ store: webhookStore, logger, now: deps.now });
  // Four eyes: permanent account bans and large purges wait as requests for another holder (approval-service.ts).
  const [approvalStore, approvalRequests] = approvalsOf(database.db, deps.now);
  const sanctions = createSanctionService({
    approvals: approvalRequests,
    store: createSanctionStore(database.db),
    events: withBanWebhooks(sanctionEventsOn(bus, deps.revokeUser, game.removeBanned), webhookStore, database.db, logger),
    accounts: accountDirectory(database.db),
    logger,
    now: deps.now,
  });
  const deliveries = deps.metrics?.chatDeliveries;
  const rulesStore = createChannelRulesStore(database.db);
  const channelRules = { store: rulesStore, cache: createChannelRulesCache(rulesStore, bus) };
  const chatFigures = deps.chatFigures ?? new ChatFigures(deps.now);
  const chatStore = createChatStore(database.db);
  // One access rule and its send-facts cache, for chat and for the reports that apply chat's read rule.
  const chatAccess = createChatAccess(chatStore, deps.now);
  const chat = createChatService({
    sendRules: createChannelSendRules({ ...channelRules, logger }),
    store: chatStore,
    access: chatAccess,
    channelBans: sanctions.channelBans,
    now: deps.now,
    bus,
    logger,
    onDelivered: deliveries && batchedCounter((n) => deliveries.inc(n)),
    onAccepted: (channelId) => chatFigures.accepted(channelId),
    searchTimeoutMs: config.chatSearchTimeoutMs,
    audit: (actor, change) => appendAudit(database.db, actor, change, (deps.now ?? Date.now)()),
    streamsPerAccount: config.chatStreamsPerAccount,
  });
  const { clusterFigures, operationsHistory, operations } = composeOperationsWall({
    db: database.db,
    bus,
    logger,
    chatFigures,
    nodeId: deps.nodeId ?? randomUUID(),
    lastStreamEnded: deps.lastStreamEnded,
    now: deps.now,
    approvals: (ctx) => approvalQueueFigures(approvalStore, ctx, deps.now),
    heldWaiting: deps.heldWaiting ?? (() => heldWaitingByChannel(database.db)),
    online: game.onlineByDimension,
  });
  // Tombstoning chat messages with their audit record, then telling every node's streams. The history
  // service uses it; a service that deletes a message as part of its own write (reports) is handed this object.
  const messageDeletion = createMessageDeletion({ db: database.db, bus, logger, now: deps.now });
  const history = { store: createHistoryStore(database.db), deletion: messageDeletion, searchTimeoutMs: config.chatSearchTimeoutMs };
  const chatHistory = createChatHistoryService({
    ...history,
    approvals: approvalRequests,
    purgeThreshold: config.purgeApprovalThreshold,
    accounts: accountDirectory(database.db),
  });
  const executors = { "account-ban": sanctions.approvedBans, purge: chatHistory.approvedPurges };
  const auditStore = createAuditStore(database.db);
  // Player reports: the chat domain's read rule decides what a character may report; a resolution's sanction and
  // deletion are written in the resolution's transaction.
  const reports = createReportService({
    store: createReportStore(database.db),
    triage: createReportTriageStore(database.db),
    readAccess: chatAccess,
    sanctions: sanctions.issuer,
    messages: messageDeletion,
    logger,
    now: deps.now,
    onFiled: (tx, report) =>
      webhookStore.enqueue(tx, "report.filed", {
        type: "report.filed",
        reportId: report.id,
        messageId: report.messageId,
        reason: report.reason,
        reporterCharacterName: report.reporterCharacterName,
        messageContent: report.messageContent,
      }),
    // A report that lifted its message to high (or above) or urgent: after commit; a failure is logged, never undoes it.
    onPriorityReached: (messageId, level, { priority, reasons, dueAtMs }) =>
      webhookStore
        .enqueue(database.db, `report.priority.${level}`, { type: `report.priority.${level}`, messageId, priority, reasons, dueAtMs })
        .catch((error: unknown) => logger.error({ err: error, messageId }, "report priority: webhook not queued")),
  });
  // sro.BusService: a reset reaches every node over the bus; each drops its copies of the named data.
  const cacheResets: Record<CacheTarget, () => void> = {
    "sro.character": () => chatAccess.forget("characters"),
    "sro.chat": () => {
      chatAccess.forget("channels");
      channelRules.cache.clear();
    },
    "sro.gameserver.dimension": () => database.changes.announce("dimensions", "dimension_maps"),
    "sro.gameserver.map": () => database.changes.announce("maps"),
  };
  bus.watchControl((topic, event) => {
    if (topic.kind === "node" && event.type === "caches-reset") for (const target of knownTargets(event.targets)) cacheResets[target]();
  });
  // Changes announced while this node had lost the bus passed it by: every copy is read afresh.
  bus.onRegained(() => {
    for (const reset of Object.values(cacheResets)) reset();
  });
  const busService = createBusService({
    db: database.db,
    resetEverywhere: (targets) => bus.publish({ kind: "node", id: "all" }, { type: "caches-reset", targets }),
  });
  return {
    characters,
    chat,
    bus: busService,
    access: createAccessService({
      store: createRoleStore(database.db, deps.now),
      resolver: deps.access,
      // This node first, so the caller's next call sees the change; then every other node.
      changed: async () => {
        deps.access.replace(await createRoleStore(database.db).load());
        await bus.publish({ kind: "node", id: "all" }, { type: "roles-changed" });
      },
    }),
    channelRules: createChannelRulesService({ ...channelRules, bus, logger, now: deps.now }),
    messageDeletion,
    chatHistory: chatHistory.service,
    approvals: createApprovalService({ store: approvalStore, executors, now: deps.now }).service,
    audit: createAuditService(auditStore, (actor, change) => appendAudit(database.db, actor, change, (deps.now ?? Date.now)())),
    /** Retention pruning (app.ts starts it). */
    auditStore,
    sanctions: sanctions.service,
    operations,
    /** Publishes and sums the nodes' chat figures; app.ts stops it on close. */
    clusterFigures,
    /** Samples the wall's figures for GetOperationsHistory; app.ts stops it on close. */
    operationsHistory,
    reports,
    // Appeals change sanctions through the sanction service; who else may decide comes from the identity provider.
    appeals: createAppealService({
      store: createAppealStore(database.db),
      sanctions: sanctions.changer,
      deciders: {
        othersThan: (id, accountBan) =>
          createCapabilityHolders(database.db, deps.access).othersHolding(accountBan ? ["appeals.decide", "sanctions.account-ban"] : ["appeals.decide"], id),
      },
      now: deps.now,
    }),
    dimensions: game.dimensions,
    maps: game.maps,
    gameServerData: game.gameServerData,
    gameServerRegistry: game.gameServerRegistry,
    connections: game.connections,
    gameServerControl: game.control,
    inventory: createInventoryService(createInventoryStore(database.db)),
    webhooks: createWebhookService(webhookStore, webhookSender),
    /** Posts due webhook deliveries; app.ts starts and stops it. */
    webhookSender,
    ...createHealthServices({ readiness: deps.readiness, served: deps.servedServices }),
    readiness: deps.readiness,
  };
}

/** Counts in a plain number and hands the sum to the metric once per event-loop turn: a burst is 10,000 calls. */
function batchedCounter(flush: (n: number) => void): () => void {
  let pending = 0;
  return () => {
    if (pending++ === 0) {
      setImmediate(() => {
        flush(pending);
        pending = 0;
      });
    }
  };
}

/**
 * The account-ban gate of this node: listening to the bus first, then loaded, so no change falls in between. A ban
 * that ends the account's streams is handed to `endStreams` once the gate holds it (the streams end with its reason).
 */
export async function openAccountBanGate(
  database: Pick<Database, "db">,
  bus: AppBus,
  logger: Logger,
  now: () => number = Date.now,
  endStreams?: (userId: string, atMs: number) => void,
): Promise<AccountBanGate> {
  const gate = createAccountBanGate(now);
  bus.watchControl((topic, event) => {
    if (topic.kind !== "user" || event.type !== "account-bans") return;
    gate.replace(topic.id, event.bans);
    if (event.endStreams) endStreams?.(topic.id, event.endStreams.atMs);
  });
  const store = createSanctionStore(database.db);
  gate.seed(await store.activeAccountBans(now()));
  // Bans issued while this node had lost the bus never reached it: the whole list is read afresh.
  bus.onRegained(() => {
    const apply = gate.resync();
    store.activeAccountBans(now()).then(apply, (error: unknown) => logger.error({ err: error }, "could not re-read account bans after the bus came back"));
  });
  return gate;
}

/**
 * This node's roles and mappings: listening to the bus first, then loaded (the defaults stored on first start), so
 * no change falls in between; read again on every roles-changed and when the bus comes back.
 */
export async function openAccessResolver(database: Pick<Database, "db">, bus: AppBus, logger: Logger): Promise<AccessResolver> {
  const store = createRoleStore(database.db);
  await store.seedDefaults();
  const resolver = createAccessResolver();
  const reload = () =>
    store.load().then(
      (snapshot) => resolver.replace(snapshot),
      (error: unknown) => logger.error({ err: error }, "could not re-read roles and mappings"),
    );
  bus.watchControl((topic, event) => {
    if (topic.kind === "node" && topic.id === "all" && event.type === "roles-changed") void reload();
  });
  bus.onRegained(() => void reload());
  resolver.replace(await store.load());
  return resolver;
}
