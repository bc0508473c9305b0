import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { getOption, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { Code, type ContextValues } from "@connectrpc/connect";
import { createAsyncIterable, encodeEnvelope, type UniversalHandler } from "@connectrpc/connect/protocol";
import { http } from "../../gen/google/api/annotations_pb.js";
import type { HttpRule } from "../../gen/google/api/http_pb.js";
import { BindingError, bindBodyField, bindText } from "./rest-binding.js";
import { matchPathTemplate, parsePathTemplate, type PathTemplate } from "./path-template.js";
import { codeFromConnectName, httpStatusOf, restErrorBody } from "./status.js";
import { readBody, BodyTooLargeError } from "./read-body.js";
import type { BodyGate } from "./credentials-first.js";

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

interface RestRoute {
  verb: string;
  template: PathTemplate;
  literalCount: number;
  body: string;
  handler: UniversalHandler;
  input: DescMessage;
  streaming: boolean;
}

const STREAM_KEEPALIVE_MS = 15_000;
/** How long a stream may stay silent before its 200 and keep-alives go out anyway (see handleRest). */
const STREAM_HEADERS_WAIT_MS = 1_000;
/** What a REST call passes on to the rpc: credentials and trace context. */
const FORWARDED_HEADERS = ["authorization", "traceparent", "tracestate", "baggage"] as const;
const encoder = new TextEncoder();

/**
 * REST/JSON for every google.api.http annotation, read from the descriptors: each REST call is bound to its
 * request message and handed to the same Connect handler (so auth, permissions, logging and errors are shared).
 * `bodyGate`: a call whose token does not verify, or whose role the rpc denies, has its body dropped unread, its query
 * unbound (credentials-first.ts).
 */
export function createRestGateway(handlers: readonly UniversalHandler[], bodyLimitBytes: number, bodyGate?: BodyGate) {
  const routes = handlers.flatMap(routesOf).sort((a, b) => b.literalCount - a.literalCount);

  return async function handleRest(req: Request, res: Response, contextValues: ContextValues): Promise<void> {
    const url = new URL(req.url ?? "/", "http://rest");
    const candidates = routes.filter((r) => matchPathTemplate(r.template, url.pathname));
    const route = candidates.find((r) => r.verb === req.method);
    if (!route) {
      if (candidates.length > 0) {
        res.setHeader("allow", [...new Set(candidates.map((r) => r.verb))].join(", "));
        return sendError(res, 405, Code.Unimplemented, `method ${req.method} is not allowed on ${url.pathname}`);
      }
      return sendError(res, 404, Code.NotFound, `no REST endpoint at ${req.method} ${url.pathname}`);
    }
    let json: JsonObject = {};
    try {
      if (bodyGate && !(await bodyGate.admits(req, route.handler.requestPath))) await bodyGate.drop(req);
      else {
        const encoding = compressedWith(req);
        if (encoding) return sendError(res, 415, Code.InvalidArgument, `content-encoding "${encoding}" is not supported: send the body uncompressed`);
        json = await bindRequest(route, req, url, bodyLimitBytes);
      }
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(res, 413, Code.ResourceExhausted, error.message);
      if (error instanceof BindingError) return sendError(res, 400, Code.InvalidArgument, error.message);
      throw error;
    }
    const abort = new AbortController();
    res.once("close", () => abort.abort());
    const header = new Headers({
      "content-type": route.streaming ? "application/connect+json" : "application/json",
      "connect-protocol-version": "1",
    });
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") header.set(name, value);
    }
    const pending = route.handler({
      httpVersion: req.httpVersion,
      url: url.toString(),
      method: "POST",
      header,
      body: route.streaming ? createAsyncIterable([encodeEnvelope(0, encoder.encode(JSON.stringify(json)))]) : json,
      signal: abort.signal,
      contextValues,
    });
    if (route.streaming) {
      // Connect returns a stream only with its first message, so a quiet stream (a chat channel without history)
      // would leave the client without headers and a proxy without bytes. After a short wait the 200 and the
      // keep-alives go out anyway; errors found before then (auth, permissions, bad ids) keep their HTTP status.
      const ndjson = ndjsonResponse(res as ServerResponse);
      const timer = setTimeout(ndjson.start, STREAM_HEADERS_WAIT_MS);
      try {
        const response = await pending;
        clearTimeout(timer);
        return await sendStream(ndjson, response.body, abort.signal);
      } finally {
        clearTimeout(timer);
        ndjson.stop();
      }
    }
    const response = await pending;
    const bytes = await collect(response.body);
    if (response.status === 200) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(bytes);
      return;
    }
    const error = parseJson(bytes) as { code?: string; message?: string } | undefined;
    const code = codeFromConnectName(error?.code);
    sendError(res, httpStatusOf[code], code, error?.message ?? "request failed");
  };
}

function routesOf(handler: UniversalHandler): RestRoute[] {
  const rule = getOption(handler.method, http);
  const rules: HttpRule[] = rule ? [rule, ...rule.additionalBindings] : [];
  return rules.flatMap((r) => {
    const pattern = r.pattern;
    if (pattern.case === undefined) return [];
    const [verb, path] = pattern.case === "custom" ? [pattern.value.kind.toUpperCase(), pattern.value.path] : [pattern.case.toUpperCase(), pattern.value];
    const template = parsePathTemplate(path);
    return [
      {
        verb,
        template,
        literalCount: template.segments.filter((s) => "literal" in s).length,
        body: r.body,
        handler,
        input: handler.method.input,
        streaming: handler.method.methodKind === "server_streaming",
      },
    ];
  });
}

/**
 * Fields a REST call must name in the query although proto3 cannot tell them from their zero: a ban's duration 0
 * lifts the ban, so a forgotten `?duration=` must not.
 */
const REQUIRED_QUERY_FIELDS: Record<string, string[]> = {
  "sro.chat.ChatService.BanCharacterFromChatChannel": ["duration"],
};

async function bindRequest(route: RestRoute, req: Request, url: URL, limit: number): Promise<JsonObject> {
  let json: JsonObject = {};
  // Routes without a body (docs/wire.md) still take a JSON object from clients that send one (the rpcs had
  // `body: "*"` once); the query string binds on top, a field in both is refused.
  if (route.body === "" && (route.verb === "POST" || route.verb === "PUT" || route.verb === "PATCH")) {
    const raw = await readBody(req, limit);
    const text = raw.toString("utf8").trim();
    if (text !== "" && String(req.headers["content-type"] ?? "").startsWith("application/json")) {
      const value = parseJson(raw);
      if (value === undefined || typeof value !== "object" || value === null || Array.isArray(value))
        throw new BindingError("request body must be a JSON object");
      json = value;
    }
  }
  if (route.body !== "") {
    const raw = await readBody(req, limit);
    const text = raw.toString("utf8").trim();
    const value = text === "" ? undefined : parseJson(raw);
    if (text !== "" && value === undefined) throw new BindingError("request body is not valid JSON");
    if (route.body === "*") {
      if (value !== undefined) {
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw new BindingError("request body must be a JSON object");
        json = value;
      }
    } else if (value !== undefined) {
      bindBodyField(json, route.input, route.body, value);
    }
  }
  // Path variables win over the body (google.api.http semantics).
  const bound = matchPathTemplate(route.template, url.pathname)!;
  for (const [field, value] of bound) bindText(json, route.input, field, [value], true);
  if (route.body !== "*") {
    const params = new Map<string, string[]>();
    for (const [key, value] of url.searchParams) params.set(key, [...(params.get(key) ?? []), value]);
    for (const [key, values] of params) {
      if (bound.has(key)) throw new BindingError(`field "${key}" is bound by the path; do not repeat it in the query`);
      bindText(json, route.input, key, values, false);
    }
  }
  for (const name of REQUIRED_QUERY_FIELDS[`${route.handler.service.typeName}.${route.handler.method.name}`] ?? []) {
    const field = route.input.fields.find((f) => f.name === name)!;
    if (!(field.name in json) && !(field.jsonName in json)) throw new BindingError(`field "${name}" is required: give it in the query (?${name}=…)`);
  }
  return json;
}

/** A declared body encoding other than identity: REST bodies are read as they come, so a compressed one would not parse. */
function compressedWith(req: Request): string | undefined {
  const encoding = String(req.headers["content-encoding"] ?? "").trim();
  return encoding === "" || encoding.toLowerCase() === "identity" ? undefined : encoding.slice(0, 64);
}

function parseJson(bytes: Uint8Array): JsonValue | undefined {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8")) as JsonValue;
  } catch {
    return undefined;
  }
}

async function collect(body: AsyncIterable<Uint8Array> | undefined): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  if (body) for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function sendError(res: Response, status: number, code: Code, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "application/json" });
  res.end(restErrorBody(code, message));
}

interface NdjsonResponse {
  readonly res: ServerResponse;
  readonly started: () => boolean;
  /** Commits 200 and starts the keep-alive lines (once). */
  readonly start: () => void;
  readonly stop: () => void;
}

function ndjsonResponse(res: ServerResponse): NdjsonResponse {
  let started = false;
  let keepAlive: NodeJS.Timeout | undefined;
  return {
    res,
    started: () => started,
    start() {
      if (started || res.writableEnded || res.destroyed) return;
      started = true;
      res.writeHead(200, { "content-type": "application/x-ndjson", "cache-control": "no-store", "x-accel-buffering": "no" });
      // Node holds headers back until the first body write; a quiet stream must not wait for one.
      res.flushHeaders();
      // A blank line now and then keeps idle streams open through proxies; NDJSON readers skip blank lines.
      keepAlive = setInterval(() => res.write("\n"), STREAM_KEEPALIVE_MS);
    },
    stop() {
      clearInterval(keepAlive);
      if (!res.writableEnded) res.end();
    },
  };
}

/** Connect's enveloped stream → newline-delimited JSON: one {"result": …} per message, a final {"error": …}. */
async function sendStream(out: NdjsonResponse, body: AsyncIterable<Uint8Array> | undefined, signal: AbortSignal): Promise<void> {
  const { res } = out;
  try {
    for await (const frame of envelopes(body)) {
      const value = parseJson(frame.data);
      if (frame.flags & 0b10) {
        const error = (value as { error?: { code?: string; message?: string } } | undefined)?.error;
        if (error) {
          const code = codeFromConnectName(error.code);
          if (!out.started()) return sendError(res, httpStatusOf[code], code, error.message ?? "stream failed");
          res.write(`${JSON.stringify({ error: { code, message: error.message ?? "" } })}\n`);
        }
        break;
      }
      out.start();
      // Take the next message only once the client has taken this one: a stream's slow-client rule counts what
      // waits in the stream (chat-stream.ts), so the gateway must not buffer for a client that does not read.
      if (!res.write(`${JSON.stringify({ result: value })}\n`)) await drained(res, signal);
    }
    out.start();
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    out.stop();
  }
}

function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

async function* envelopes(body: AsyncIterable<Uint8Array> | undefined): AsyncGenerator<{ flags: number; data: Uint8Array }> {
  if (!body) return;
  let buffer = Buffer.alloc(0);
  for await (const chunk of body) {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 5) {
      const length = buffer.readUInt32BE(1);
      if (buffer.length < 5 + length) break;
      yield { flags: buffer[0]!, data: buffer.subarray(5, 5 + length) };
      buffer = buffer.subarray(5 + length);
    }
  }
}
