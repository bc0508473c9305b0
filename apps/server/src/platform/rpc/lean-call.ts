import {
  create,
  isMessage,
  type DescMethodServerStreaming,
  type DescMethodUnary,
  type DescMessage,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  type ContextValues,
  type HandlerContext,
  type Interceptor,
  type StreamRequest,
  type StreamResponse,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import type { AnyRequest, AnyResponse } from "../http/listener.js";

/**
 * The lean gRPC path's routes, per-call context and interceptor chain (grpc-lean-path.ts does the protocol). A call on
 * the lean path runs the very same
 * interceptors (auth, permission table, logs, metrics, tracing) and the very same handler function as on Connect's
 * path; only the protocol plumbing around them is lighter.
 */
export interface LeanStreamRoute {
  method: DescMethodServerStreaming;
  impl: (request: never, context: HandlerContext) => AsyncIterable<unknown>;
}

/** A route for the lean path: the method and its Connect implementation (the very same function). */
export function leanStreamRoute<I extends DescMessage, O extends DescMessage>(
  method: DescMethodServerStreaming<I, O>,
  impl: (request: MessageShape<I>, context: HandlerContext) => AsyncIterable<MessageInitShape<O>>,
): LeanStreamRoute {
  return { method: method, impl: impl as LeanStreamRoute["impl"] };
}

export interface LeanUnaryRoute {
  method: DescMethodUnary;
  impl: (request: never, context: HandlerContext) => unknown;
}

/** A unary route for the lean path: the method and its Connect implementation (the very same function). */
export function leanUnaryRoute<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  impl: (request: MessageShape<I>, context: HandlerContext) => MessageInitShape<O> | Promise<MessageInitShape<O>>,
): LeanUnaryRoute {
  return { method: method, impl: impl };
}

export type LeanRoute = LeanStreamRoute | LeanUnaryRoute;

export const routePath = (method: DescMethodUnary | DescMethodServerStreaming) => `/${method.parent.typeName}/${method.name}`;

/** Aborts a finished call's signal with this reason: without one, AbortController.abort() builds a DOMException (a stack trace) per call. */
const CALL_ENDED = new ConnectError("call ended", Code.Canceled);

export interface Call {
  context: HandlerContext;
  header: Headers;
  /** The client reset the stream or the connection went away. */
  readonly gone: boolean;
  /** Sends status 200 and the context's response headers, once. */
  sendHeaders(): void;
  /** Ends the call's bookkeeping: deadline timer, close listener, shutdown relay, signal. */
  end(): void;
}

export interface CallProtocol {
  name: "grpc";
  /** The client's deadline, already parsed from the protocol's header. */
  timeoutMs: number | undefined;
  responseContentType: string;
}

/**
 * What Connect's createHandlerContext builds, with at most one AbortController per call instead of four (a linked
 * one, the deadline's, the client's, the shutdown relay's), made only when the handler asks for the signal: most
 * unary calls never do. The signal aborts, with the first reason, when the deadline passes (DEADLINE_EXCEEDED),
 * the client goes away (CANCELED) or the server shuts down (its reason).
 */
export function openCall(
  method: DescMethodUnary | DescMethodServerStreaming,
  req: AnyRequest,
  res: AnyResponse,
  values: ContextValues,
  shutdown: ShutdownRelay,
  protocol: CallProtocol,
): Call {
  const abort = new LazyAbort();
  const header = requestHeaders(req);
  const { timeoutMs } = protocol;
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const timer =
    timeoutMs === undefined ? undefined : setTimeout(() => abort.abort(new ConnectError("the operation timed out", Code.DeadlineExceeded)), timeoutMs);
  const onClose = () => {
    call.gone = true;
    abort.abort(new ConnectError("client went away", Code.Canceled));
  };
  res.once("close", onClose);
  shutdown.join(abort);
  const host = req.headers[":authority"] ?? req.headers.host ?? "localhost";
  const context = new LeanHandlerContext(
    method,
    protocol.name,
    `http://${String(host)}${req.url}`,
    abort,
    () => (deadline === undefined ? undefined : deadline - Date.now()),
    header,
    new Headers({ "content-type": protocol.responseContentType }),
    new Headers(),
    values,
  );
  let headersSent = false;
  // `gone` is a plain field, not a getter: see LeanHandlerContext.
  const call = {
    context,
    header,
    gone: false,
    sendHeaders() {
      if (headersSent) return;
      headersSent = true;
      const headers: Record<string, string> = {};
      context.responseHeader.forEach((value, name) => (headers[name] = value));
      res.writeHead(200, headers);
    },
    end() {
      clearTimeout(timer);
      res.off("close", onClose);
      shutdown.leave(abort);
      abort.abort(CALL_ENDED);
    },
  };
  return call;
}

/** An abort signal made on first use; aborting before that only records the reason (no signal, no event). */
class LazyAbort {
  private controller: AbortController | undefined;
  private reason: unknown;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason !== undefined) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}

/**
 * A call's context is a class whose lazy `signal` getter sits on the prototype (the interceptors' request below
 * shares one getter function instead). An object literal's getter is a new accessor per object, and V8 turns every
 * such object into a dictionary: each property read on it (ctx.values, a stream sink's checks per delivery) became
 * a slow lookup.
 */
class LeanHandlerContext implements HandlerContext {
  readonly requestMethod = "POST";
  readonly service: HandlerContext["service"];

  constructor(
    readonly method: HandlerContext["method"],
    readonly protocolName: string,
    readonly url: string,
    private readonly signalSource: { readonly signal: AbortSignal },
    readonly timeoutMs: () => number | undefined,
    readonly requestHeader: Headers,
    readonly responseHeader: Headers,
    readonly responseTrailer: Headers,
    readonly values: ContextValues,
  ) {
    this.service = method.parent;
  }

  get signal(): AbortSignal {
    return this.signalSource.signal;
  }
}

/** The request the interceptors see; its signal is the call's, still made only when read. */
class InterceptorRequest<M> {
  readonly requestMethod = "POST";
  readonly service: HandlerContext["service"];
  readonly method: HandlerContext["method"];
  readonly url: string;
  readonly contextValues: ContextValues;

  declare readonly signal: AbortSignal;

  constructor(
    private readonly context: HandlerContext,
    readonly header: Headers,
    readonly stream: boolean,
    readonly message: M,
  ) {
    this.service = context.service;
    this.method = context.method;
    this.url = context.url;
    this.contextValues = context.values;
    // An own, enumerable getter, so an interceptor's `next({ ...req, header })` keeps the signal; one shared getter
    // function, so every request still shares one hidden class.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- a getter: the property read calls it on the request
    Object.defineProperty(this, "signal", { get: InterceptorRequest.readSignal, enumerable: true });
  }

  private static readSignal(this: InterceptorRequest<unknown>): AbortSignal {
    return this.context.signal;
  }
}

export const interceptorRequest = <M>(call: Call, stream: boolean, message: M) => new InterceptorRequest(call.context, call.header, stream, message);

/** The handler's context after the interceptors: their request's header, values and signal (as Connect does). */
export function handlerContextFor(context: HandlerContext, request: UnaryRequest | StreamRequest): HandlerContext {
  const { method, protocolName, url, timeoutMs, responseHeader, responseTrailer } = context;
  return new LeanHandlerContext(method, protocolName, url, request, timeoutMs, request.header, responseHeader, responseTrailer, request.contextValues);
}

function requestHeaders(req: AnyRequest): Headers {
  const header = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (!name.startsWith(":") && value !== undefined) header.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return header;
}

/** Runs a unary call's request message through the interceptors into the handler; resolves to the response message. */
export async function invokeUnary(route: LeanUnaryRoute, call: Call, input: unknown, interceptors: Interceptor[]): Promise<unknown> {
  const { method } = route;
  const { context } = call;
  const invoke = applyInterceptors(async (request: UnaryRequest): Promise<UnaryResponse> => {
    const output = await route.impl(request.message as never, handlerContextFor(context, request));
    const message = isMessage(output, method.output) ? output : create(method.output, output as never);
    return { stream: false, service: method.parent, method, header: context.responseHeader, trailer: context.responseTrailer, message };
  }, interceptors);
  const response = await invoke(interceptorRequest(call, false, input) as UnaryRequest);
  return response.message;
}

/** The same wrapping Connect does: the first interceptor in the list is the outermost. */
export function applyInterceptors<Req extends StreamRequest | UnaryRequest, Res extends StreamResponse | UnaryResponse>(
  next: (req: Req) => Promise<Res>,
  interceptors: Interceptor[],
) {
  let fn = next as unknown as Parameters<Interceptor>[0];
  for (const interceptor of [...interceptors].reverse()) fn = interceptor(fn);
  return fn as unknown as (req: Req) => Promise<Res>;
}

/**
 * The server's shutdown signal, relayed to each call through a signal of its own. Connect links every call's
 * signal to the shutdown signal directly; with 10,000 streams open that signal holds 10,000 listeners, and Node's
 * EventTarget walks all of them on every addEventListener and removeEventListener — i.e. on every other call of
 * the server (a unary send paid ~20,000 list steps). Here the shutdown signal has one listener; joining and leaving
 * is a Set operation.
 */
interface Abortable {
  abort(reason: unknown): void;
}

export interface ShutdownRelay {
  join(call: Abortable): void;
  leave(call: Abortable): void;
}

export function shutdownRelay(shutdownSignal: AbortSignal): ShutdownRelay {
  const calls = new Set<Abortable>();
  shutdownSignal.addEventListener(
    "abort",
    () => {
      const open = [...calls];
      calls.clear();
      for (const call of open) call.abort(shutdownSignal.reason);
    },
    { once: true },
  );
  return {
    join(call) {
      if (shutdownSignal.aborted) call.abort(shutdownSignal.reason);
      else calls.add(call);
    },
    leave(call) {
      calls.delete(call);
    },
  };
}
