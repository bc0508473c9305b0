import { fileURLToPath } from "node:url";
import { createContextValues, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import type { Compression } from "@connectrpc/connect/protocol";
import type { AppBus } from "./cluster-events.js";
import type { Services } from "./compose.js";
import type { Identity } from "./identity/identity.js";
import { leanRoutes } from "./lean-routes.js";
import { requestIdKey, sourceAddressKey } from "./platform/auth/caller.js";
import { unlessRevoked } from "./platform/auth/revocations.js";
import type { TokenVerifier } from "./platform/auth/token-verifier.js";
import type { Config } from "./platform/config.js";
import type { Database } from "./platform/db/database.js";
import { clientAddress } from "./platform/http/client-address.js";
import { createApiCors } from "./platform/http/cors.js";
import { createBodyGate } from "./platform/http/credentials-first.js";
import type { AccessResolver } from "./platform/auth/access-resolution.js";
import { createHttpHandler, requestIdOf } from "./platform/http/http-handler.js";
import type { AnyRequest, AnyResponse, RequestHandler } from "./platform/http/listener.js";
import { createRestGateway } from "./platform/http/rest-gateway.js";
import { createRpcAdapter } from "./platform/http/rpc-adapter.js";
import { createStaticSite } from "./platform/http/static-site.js";
import type { Logger } from "./platform/logger.js";
import type { Metrics } from "./platform/metrics.js";
import { createGrpcLeanPath } from "./platform/rpc/grpc-lean-path.js";

/** The options the Connect router was built with; the lean paths answer with the same ones. */
export interface RouterOptions {
  interceptors: Interceptor[];
  readMaxBytes: number;
  shutdownSignal: AbortSignal;
  acceptCompression: Compression[];
}

export interface RequestHandlerParts {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  database: Database;
  bus: AppBus;
  services: Services;
  router: ConnectRouter;
  routerOptions: RouterOptions;
  verifier: TokenVerifier;
  /** A verified caller refused anyway: a revoked token or a banned account. */
  refused: (sub: string, token: string) => boolean;
  identity?: Identity;
  /** The roles and mappings the interceptor decides by: the body gate refuses by them too. */
  access: AccessResolver;
}

/** Every HTTP request of the server's port: rpc (lean paths, Connect, REST), identity, health, metrics and the site. */
export function createRequestHandler(parts: RequestHandlerParts): RequestHandler {
  const { config, logger, metrics, database, services, router, routerOptions } = parts;
  const contextValues = (req: AnyRequest) =>
    createContextValues()
      .set(requestIdKey, requestIdOf.get(req) ?? "")
      .set(sourceAddressKey, clientAddress(req, config.trustProxy));
  // Only health is public (permissions.ts publicRpcs): a call whose token does not verify is refused without parsing its body.
  // A revoked token or a banned account is refused on every rpc too: its body is dropped unread the same way.
  const bodyGate = createBodyGate(unlessRevoked(parts.verifier, parts.refused), config.bodyLimitBytes, parts.access);
  const connectRpc = createRpcAdapter(router.handlers, contextValues, logger, routerOptions.acceptCompression, bodyGate);
  // Chat streams and sends, and the cached map/dimension reads, skip Connect's pipeline over gRPC (lean-routes.ts
  // says which request goes where; docs/architecture.md "Lean paths"); LEAN_PATHS=off sends everything to Connect.
  const rpc = config.leanPaths ? withLeanPaths(services, { ...routerOptions, contextValues, logger, bodyGate }, connectRpc) : connectRpc;
  const webDist = config.webDistDir ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
  return createHttpHandler({
    logger,
    rpc,
    rest: createRestGateway(router.handlers, config.bodyLimitBytes, bodyGate),
    contextValues,
    identity: parts.identity?.handle,
    health: () => ({ status: 200, body: { status: "ok" } }),
    metrics: () => metrics.render(),
    metricsToken: config.metrics.token,
    // The same checks answer the health rpcs (health/health-services.ts).
    readiness: async () => {
      const { ready, checks } = await services.readiness();
      return { status: ready ? 200 : 503, body: { status: ready ? "ready" : "not ready", checks } };
    },
    appConfig: {
      oidc: { authority: config.identity.issuer, clientId: config.identity.clientId },
      identityAdminUrl: config.identity.adminUrl,
      accountUrl: `${config.identity.issuer}/account`,
      apiBaseUrl: "",
      // Shown on the admin Settings page: which parts run embedded or external. No secrets here.
      mode: {
        identity: config.identity.mode,
        storage: database.kind,
        gameServer: config.gameServer.mode,
        chatBus: config.natsUrl ? "nats" : "in-process",
      },
    },
    site: createStaticSite(webDist),
    apiCors: createApiCors(config.corsOrigins),
    trustedOrigins: config.identity.mode === "external" ? [new URL(config.identity.issuer).origin] : [],
    secure: config.publicUrl.startsWith("https:"),
  });
}

type RpcHandler = (req: AnyRequest, res: AnyResponse) => unknown;

function withLeanPaths(services: Services, options: Omit<Parameters<typeof createGrpcLeanPath>[0], "routes">, connectRpc: RpcHandler): RpcHandler {
  const grpcLean = createGrpcLeanPath({ ...options, routes: leanRoutes(services) });
  return (req, res) => grpcLean(req, res) || connectRpc(req, res);
}
