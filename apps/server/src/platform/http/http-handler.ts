import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createContextValues, type ContextValues } from "@connectrpc/connect";
import helmet from "helmet";
import type { Logger } from "pino";
import { requestIdKey } from "../auth/caller.js";
import { isClientGone } from "./client-gone.js";
import type { AnyRequest, AnyResponse, RequestHandler } from "./listener.js";

export interface HttpParts {
  logger: Logger;
  /** gRPC, gRPC-web and Connect (paths /<package>.<Service>/<Method>). */
  rpc: (req: AnyRequest, res: AnyResponse) => void;
  rest: (req: AnyRequest, res: AnyResponse, contextValues: ContextValues) => Promise<void>;
  /** The values every handler reads (request id, client address); by default the request id only. */
  contextValues?: (req: AnyRequest) => ContextValues;
  /** Embedded identity provider and its admin API; answers false for paths it does not own. */
  identity?: (req: AnyRequest, res: AnyResponse) => Promise<boolean>;
  health: () => { status: number; body: unknown };
  readiness: () => Promise<{ status: number; body: unknown }>;
  metrics?: () => Promise<{ contentType: string; body: string }>;
  /** Without it, /metrics is not served on this port (METRICS_PORT may serve it on loopback). */
  metricsToken?: string;
  appConfig: unknown;
  site: (req: AnyRequest, res: AnyResponse) => void;
  /** CORS of the game API (RPC paths and /v1/): answers preflights, marks allowed origins' responses. */
  apiCors?: (req: AnyRequest, res: AnyResponse) => boolean;
  /** Origins the SPA may talk to besides its own (the external identity provider). */
  trustedOrigins: string[];
  /** Served over https (PUBLIC_URL): only then may the CSP ask browsers to upgrade http requests. */
  secure: boolean;
}

const RPC_PATH = /^\/sro(\.[A-Za-z0-9_]+)+\/[A-Za-z0-9_]+$/;
/** Any other /<package>.<Service>/<Method> path is an rpc when it says so: its client then hears UNIMPLEMENTED. */
const OTHER_RPC_PATH = /^\/[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+\/[A-Za-z0-9_]+$/;
const RPC_CONTENT_TYPE = /^application\/(grpc|connect\+|grpc-web)/i;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export const requestIdOf = new WeakMap<object, string>();

/**
 * The one inline stylesheet the SPA makes: React Aria's usePress puts it in <head> so that a tap on a pressable does
 * not wait for double-tap zoom. The CSP allows exactly this text (e2e content-security-policy.spec.ts holds it).
 */
const PRESSABLE_STYLE = "@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}";
const PRESSABLE_STYLE_HASH = `'sha256-${createHash("sha256").update(PRESSABLE_STYLE).digest("base64")}'`;

/** Routes every request on the one port to the part that owns its path. */
export function createHttpHandler(parts: HttpParts): RequestHandler {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", PRESSABLE_STYLE_HASH],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...parts.trustedOrigins],
        frameSrc: ["'self'", ...parts.trustedOrigins],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...parts.trustedOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // On plain http (local mode) upgrading would send the silent sign-in iframe to https://localhost.
        upgradeInsecureRequests: parts.secure ? [] : null,
      },
    },
    // Same-origin silent SSO iframes must keep working.
    crossOriginEmbedderPolicy: false,
  });
  const withSecurityHeaders = (req: AnyRequest, res: AnyResponse, next: () => void) =>
    securityHeaders(req as never, res as never, (error?: unknown) => (error ? fail(res, error) : next()));

  const fail = (res: AnyResponse, error: unknown) => {
    // A client that goes away mid-request is not our failure: no error line, no stack.
    if (isClientGone(error)) {
      parts.logger.info({ reason: (error as Error).message }, "client went away");
      res.destroy();
      return;
    }
    parts.logger.error({ err: error }, "request failed");
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 13, message: "internal error" }));
    } else res.end();
  };

  return (req, res) => {
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    requestIdOf.set(req, requestId);
    res.setHeader("x-request-id", requestId);
    const path = (req.url ?? "/").split("?")[0]!;
    void (async () => {
      if (path === "/healthz" || path === "/readyz") {
        // Probe answers are live state: never cached, never sniffed into anything but JSON.
        res.setHeader("x-content-type-options", "nosniff");
        res.setHeader("cache-control", "no-store");
        return sendJson(res, path === "/healthz" ? parts.health() : await parts.readiness());
      }
      if (path === "/metrics" && parts.metrics) {
        // Only for the scraper's token (DESIGN: a caller without a token gets health only).
        if (!parts.metricsToken || !hasBearer(req, parts.metricsToken)) {
          res.writeHead(parts.metricsToken ? 401 : 404, {
            "content-type": "application/json",
            ...(parts.metricsToken ? { "www-authenticate": 'Bearer realm="metrics"' } : {}),
          });
          return void res.end(JSON.stringify({ error: parts.metricsToken ? "a bearer token (METRICS_TOKEN) is required" : "not found" }));
        }
        const { contentType, body } = await parts.metrics();
        res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
        return void res.end(body);
      }
      // A POST to any /<package>.<Service>/<Method> path is an rpc (Connect's unary protocol sends plain JSON or proto).
      const rpcCall =
        RPC_PATH.test(path) || (OTHER_RPC_PATH.test(path) && (req.method === "POST" || RPC_CONTENT_TYPE.test(String(req.headers["content-type"] ?? ""))));
      const apiCall = rpcCall || path.startsWith("/v1/");
      if (apiCall) {
        // Game API answers are per caller and never a page: no caching, no sniffing them into HTML.
        res.setHeader("x-content-type-options", "nosniff");
        res.setHeader("cache-control", "no-store");
      }
      if (apiCall && parts.apiCors?.(req, res)) return;
      if (rpcCall) return parts.rpc(req, res);
      if (path.startsWith("/v1/")) {
        return parts.rest(req, res, parts.contextValues?.(req) ?? createContextValues().set(requestIdKey, requestId));
      }
      if (parts.identity && (path.startsWith("/realms/") || path.startsWith("/admin/realms/"))) {
        if (await parts.identity(req, res)) return;
      }
      // Only page loads get the SPA: any other method on a path nobody owns is a 404, never index.html with 200.
      if (req.method !== "GET" && req.method !== "HEAD") return notFound(req, res);
      withSecurityHeaders(req, res, () => {
        if (path === "/app-config.json") {
          res.setHeader("cache-control", "no-cache");
          return sendJson(res, { status: 200, body: parts.appConfig });
        }
        parts.site(req, res);
      });
    })().catch((error) => fail(res, error));
  };
}

function sendJson(res: AnyResponse, { status, body }: { status: number; body: unknown }): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function notFound(req: AnyRequest, res: AnyResponse): void {
  req.resume(); // the body is not needed; reading it keeps the connection usable
  res.writeHead(404, { "content-type": "application/json", "x-content-type-options": "nosniff", "cache-control": "no-store" });
  res.end(JSON.stringify({ error: "not found", message: `${req.method} ${(req.url ?? "/").split("?")[0]}: no such route (pages answer GET and HEAD only)` }));
}

function hasBearer(req: AnyRequest, expected: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ""));
  const given = Buffer.from(match?.[1] ?? "");
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
