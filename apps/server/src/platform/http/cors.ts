import { cors as connectCors } from "@connectrpc/connect";
import type { AnyRequest, AnyResponse } from "./listener.js";

/**
 * CORS for the game API on every transport (Connect, gRPC-web in both modes, REST), for a front end served from
 * another origin (CORS_ORIGINS, besides PUBLIC_URL's own). The header lists are Connect-ES's own (its `cors`
 * constants cover Connect and gRPC-web) plus what REST and bearer tokens add (the
 * server sets no response trailers of its own, so Connect's unary calls have no `trailer-*` headers to expose). An origin not listed gets no CORS
 * header at all, so the browser refuses the response. No credentials: the API takes bearer tokens, not cookies.
 */
const ALLOW_METHODS = [...new Set([...connectCors.allowedMethods, "PUT", "PATCH", "DELETE"])].join(", ");
const ALLOW_HEADERS = [...new Set([...connectCors.allowedHeaders, "authorization", "grpc-timeout", "x-request-id"].map((h) => h.toLowerCase()))].join(", ");
const EXPOSE_HEADERS = [...new Set([...connectCors.exposedHeaders, "grpc-status-details-bin", "x-request-id"].map((h) => h.toLowerCase()))].join(", ");
/** Chrome's cap: one preflight per path and header set every 2 h instead of one per call. */
const MAX_AGE_SECONDS = "7200";

/** Returns a function that sets the CORS headers and answers true when it answered the request (a preflight). */
export function createApiCors(allowedOrigins: readonly string[]): (req: AnyRequest, res: AnyResponse) => boolean {
  const allowed = new Set(allowedOrigins);
  return (req, res) => {
    const origin = req.headers.origin;
    const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
    res.setHeader("vary", "Origin");
    if (typeof origin !== "string" || !allowed.has(origin)) {
      if (!preflight) return false;
      res.writeHead(403);
      res.end();
      return true;
    }
    res.setHeader("access-control-allow-origin", origin);
    if (!preflight) {
      res.setHeader("access-control-expose-headers", EXPOSE_HEADERS);
      return false;
    }
    res.writeHead(204, {
      "access-control-allow-methods": ALLOW_METHODS,
      "access-control-allow-headers": ALLOW_HEADERS,
      "access-control-max-age": MAX_AGE_SECONDS,
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    });
    res.end();
    return true;
  };
}
