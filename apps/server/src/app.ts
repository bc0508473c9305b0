import { setMaxListeners } from "node:events";
import { createServer, type Server } from "node:http";
import { Code, ConnectError, createConnectRouter, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";
import type { JWTVerifyGetKey } from "jose";
import { startAuditRetention, type AuditRetention } from "./audit/audit-retention.js";
import { CharacterService } from "./gen/sro/character/character_pb.js";
import { InventoryService } from "./gen/sro/character/inventory_pb.js";
import { ConnectionService } from "./gen/sro/gameserver/connection_pb.js";
import { HealthService } from "./gen/sro/health_pb.js";
import { Health } from "./gen/grpc/health/v1/health_pb.js";
import { createReadiness } from "./platform/readiness.js";
import { AuditService } from "./gen/sro/moderation/audit_pb.js";
import type { AppBus, ClusterEvent } from "./cluster-events.js";
import { createClusterBus } from "./platform/bus/create-cluster-bus.js";
import { composeServices, openAccessResolver, openAccountBanGate, type Services } from "./compose.js";
import { ChatService } from "./gen/sro/chat/chat_pb.js";
import { ChatHistoryService } from "./gen/sro/moderation/chat_history_pb.js";
import { SanctionService } from "./gen/sro/moderation/moderation_pb.js";
import { ChannelRulesService } from "./gen/sro/moderation/channel_rules_pb.js";
import { OperationsService } from "./gen/sro/moderation/operations_pb.js";
import { WebhookService } from "./gen/sro/moderation/webhooks_pb.js";
import { BusService } from "./gen/sro/bus_pb.js";
import { AccessService } from "./gen/sro/access_pb.js";
import { ChatFigures, wallClockMs } from "./chat/chat-figures.js";
import { createRequestHandler, type RouterOptions } from "./request-handler.js";
import { ReportService } from "./gen/sro/moderation/reports_pb.js";
import { ReportClaimService } from "./gen/sro/moderation/report_claims_pb.js";
import { AppealService } from "./gen/sro/moderation/appeals_pb.js";
import { AppealClaimService } from "./gen/sro/moderation/appeal_claims_pb.js";
import { ApprovalService } from "./gen/sro/moderation/approvals_pb.js";
import { DimensionService, GameServerDataService, GameServerRegistryService, MapService } from "./gen/sro/gameserver/gameserver_pb.js";
import { GameServerControlService } from "./gen/sro/gameserver/control_pb.js";
import { startNameSkeletonBackfill } from "./character/name-skeletons.js";
import { seedDemoData } from "./demo/demo-data.js";
import { createIdentity, type Identity, type IdentityOptions } from "./identity/identity.js";
import { permissionTable, rpcKey } from "./platform/auth/permissions.js";
import { REVOCATIONS_KEEP_MS } from "./platform/auth/revocations.js";
import { createTokenRevocationStore } from "./identity/token-revocation-store.js";
import { openTokenRevocations } from "./token-revocations.js";
import { createUserinfoRecheck } from "./platform/auth/userinfo-recheck.js";
import { createTokenVerifier } from "./platform/auth/token-verifier.js";
import type { Config } from "./platform/config.js";
import { openDatabase, type Database } from "./platform/db/database.js";
import { listen } from "./platform/http/listener.js";
import { createLogger, type Logger } from "./platform/logger.js";
import { createMetrics, type Metrics } from "./platform/metrics.js";
import { authInterceptor, observeInterceptor } from "./platform/rpc/interceptors.js";
import { createAccountStreams } from "./platform/account-streams.js";

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly database: Database;
  readonly bus: AppBus;
  /** METRICS_PORT's actual port (when set). */
  readonly metricsPort?: number;
  /** Graceful stop: refuse new work, end streams with UNAVAILABLE, let unary calls finish, close resources. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Verify tokens with these keys instead of the issuer's JWKS (embedded provider, tests). */
  tokenKeys?: JWTVerifyGetKey;
  /** In-memory PGlite (tests). */
  memoryDatabase?: boolean;
  /** Embedded identity provider tuning (tests: throttling numbers, clock). */
  identity?: IdentityOptions;
  /** Clock of the sanction rules and the account-ban gate (tests: sanctions expire without waiting). */
  now?: () => number;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** Every service the server speaks; an rpc without a permission rule stops the start (see permissions.ts). */
function registerServices(router: ConnectRouter, services: Services): void {
  router.service(CharacterService, services.characters);
  router.service(InventoryService, services.inventory);
  router.service(ConnectionService, services.connections);
  router.service(HealthService, services.health);
  router.service(Health, services.grpcHealth);
  router.service(ChatService, services.chat);
  router.service(SanctionService, services.sanctions);
  router.service(ChannelRulesService, services.channelRules);
  router.service(ReportService, services.reports);
  router.service(ReportClaimService, services.reports.claims);
  router.service(AppealService, services.appeals);
  router.service(AppealClaimService, services.appeals.claims);
  router.service(ApprovalService, services.approvals);
  router.service(DimensionService, services.dimensions);
  router.service(MapService, services.maps);
  router.service(GameServerDataService, services.gameServerData);
  router.service(GameServerRegistryService, services.gameServerRegistry);
  router.service(GameServerControlService, services.gameServerControl);
  router.service(AuditService, services.audit);
  router.service(OperationsService, services.operations);
  router.service(ChatHistoryService, services.chatHistory);
  router.service(BusService, services.bus);
  router.service(AccessService, services.access);
  router.service(WebhookService, services.webhooks);
}

/** The cluster bus, timing each delivery (publish → stream write) into the node's figures and metrics. */
function openClusterBus(config: Config, logger: Logger, metrics: Metrics, chatFigures: ChatFigures): Promise<AppBus> {
  const deliverySeconds = metrics.chatDeliverySeconds;
  return createClusterBus<ClusterEvent>(config, logger, (key, publishedAtMs) => {
    const latencyMs = wallClockMs() - publishedAtMs;
    chatFigures.delivered(key, latencyMs);
    deliverySeconds.observe(Math.max(0, latencyMs) / 1000);
  });
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    memory: options.memoryDatabase,
    poolSize: config.databasePoolSize,
    warn: (message) => logger.warn(message),
  });
  const metrics = createMetrics();
  // The operations wall's per-node figures; the bus times publish → stream write into it (chat-figures.ts).
  const chatFigures = new ChatFigures(options.now);
  const bus = await openClusterBus(config, logger, metrics, chatFigures).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (database.pool) metrics.trackPool(database.pool);
  let identity: Identity | undefined;
  let auditRetention: AuditRetention | undefined;
  try {
    // Embedded identity provider (no OIDC_ISSUER): its keys verify the RPC tokens, no JWKS round trip.
    // Banned, disabled or demoted users and signed-out sessions: refused at once on every node, their streams end.
    const { revocations, revokeUser, onUserChanged, onSessionEnded } = await openTokenRevocations({
      bus,
      logger,
      store: createTokenRevocationStore(database.db, REVOCATIONS_KEEP_MS),
    });
    // Account bans (moderation): refused on every rpc and at sign-in, from memory kept current over the bus.
    // A ban's event ends the account's streams on every node as it arrives, with the ban's reason.
    const accountBans = await openAccountBanGate(database, bus, logger, options.now, (userId, atMs) => revocations.revoke(userId, atMs));
    // Roles and group mappings (docs/permissions.md "Roles and mappings"): every call is decided by them.
    const access = await openAccessResolver(database, bus, logger);
    const signInRefusal = (userId: string) => accountBans.signInRefusal(userId);
    if (config.identity.mode === "embedded")
      identity = await createIdentity(
        { config, db: database.db, logger },
        {
          onUserChanged,
          onSessionEnded,
          isRevoked: (sub: string, token: string) => revocations.isRevoked(sub, token),
          signInRefusal,
          access,
          ...options.identity,
        },
      );
    if (config.seedDemo) await seedDemoData(database.db, logger);
    const shutdown = new AbortController();
    const skeletonBackfill = startNameSkeletonBackfill(database.db, logger, shutdown.signal);
    // Every open call listens to this signal; thousands of chat streams are normal, not a leak.
    setMaxListeners(0, shutdown.signal);
    const verifier = createTokenVerifier({
      issuer: config.identity.issuer,
      audiences: config.identity.audiences,
      clientId: config.identity.clientId,
      keys: options.tokenKeys ?? identity?.tokenKeys,
    });
    // External provider: its changes are not announced here; OIDC_USERINFO_RECHECK_SECONDS asks it instead.
    const recheck =
      config.identity.mode === "external" && config.identity.userinfoRecheckMs > 0
        ? createUserinfoRecheck({ issuer: config.identity.issuer, intervalMs: config.identity.userinfoRecheckMs })
        : undefined;
    // Open streams per account on this node, for the wall's ban → disconnect (docs/moderation.md "Operations wall").
    const accountStreams = createAccountStreams(options.now);
    const interceptors: Interceptor[] = [
      observeInterceptor(logger, metrics),
      accountStreams.interceptor,
      authInterceptor(verifier, revocations, recheck, (sub) => accountBans.refusal(sub), access, config.secondFactor),
    ];
    const routerOptions: RouterOptions = {
      interceptors,
      readMaxBytes: config.bodyLimitBytes,
      shutdownSignal: shutdown.signal,
      acceptCompression: [compressionGzip, compressionBrotli],
    };
    // Where the app is put together: every service built once (compose.ts).
    const servedServices = new Set<string>();
    const services = composeServices({
      config,
      database,
      logger,
      bus,
      metrics,
      access,
      accountBans,
      revokeUser,
      lastStreamEnded: (accountId, sinceMs) => accountStreams.lastEnded(accountId, sinceMs),
      now: options.now,
      chatFigures,
      readiness: createReadiness(database, bus),
      servedServices,
    });
    const router = createConnectRouter(routerOptions);
    registerServices(router, services);
    for (const handler of router.handlers) servedServices.add(handler.service.typeName);
    assertEveryRpcHasARule(router);
    auditRetention = startAuditRetention({ store: services.auditStore, days: config.auditRetentionDays, logger });
    services.webhookSender.start();

    const refused = (sub: string, token: string) => accountBans.refusal(sub) !== undefined || revocations.isRevoked(sub, token);
    const handler = createRequestHandler({ config, logger, metrics, database, bus, services, router, routerOptions, verifier, refused, identity, access });
    const listener = await listen(handler, config.port, config.host, config.connections);
    // METRICS_PORT: Prometheus scrapes on loopback (a sidecar or node agent), no token needed there.
    const metricsListener = config.metrics.port === undefined ? undefined : await listenMetrics(metrics, config.metrics.port);
    const url = `http://localhost:${listener.port}`;
    logger.info({ url, storage: database.kind, identity: config.identity.mode, issuer: config.identity.issuer }, "SRO server listening");

    let closing: Promise<void> | undefined;
    return {
      port: listener.port,
      metricsPort: (metricsListener?.address() as { port?: number } | undefined)?.port,
      url,
      database,
      bus,
      close: () =>
        (closing ??= (async () => {
          metricsListener?.close();
          const stopped = listener.close();
          shutdown.abort(new ConnectError("server is shutting down, reconnect", Code.Unavailable));
          const timer = setTimeout(() => listener.closeAllConnections(), SHUTDOWN_GRACE_MS);
          await stopped;
          clearTimeout(timer);
          services.clusterFigures.stop();
          services.operationsHistory.stop();
          await services.webhookSender.stop();
          await bus.close();
          await identity?.close();
          await skeletonBackfill;
          await auditRetention?.stop();
          await database.close();
        })()),
    };
  } catch (error) {
    await auditRetention?.stop();
    await bus.close();
    await identity?.close();
    await database.close();
    throw error;
  }
}

async function listenMetrics(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404);
      return void res.end();
    }
    metrics.render().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
        res.end(body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}

function assertEveryRpcHasARule(router: ConnectRouter): void {
  const missing = router.handlers.map((h) => rpcKey(h.service.typeName, h.method.name)).filter((key) => !permissionTable[key]);
  if (missing.length > 0) throw new Error(`rpcs without a permission rule: ${missing.join(", ")}`);
}
