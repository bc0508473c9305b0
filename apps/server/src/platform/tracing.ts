import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

/**
 * OpenTelemetry tracing, on only when the standard exporter variables are set (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_SERVICE_NAME names the service). Returns a flush-and-stop function.
 * Without them the API below is OpenTelemetry's no-op: no cost beyond a function call.
 */
export function startTracing(env: Record<string, string | undefined> = process.env): (() => Promise<void>) | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? "sro-web" }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Global provider, W3C trace-context propagation, async-local context.
  provider.register();
  return () => provider.shutdown();
}

const tracer = trace.getTracer("sro-web");
const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};

/** A server span for one rpc, continuing the caller's trace when it sent `traceparent`. */
export function startRpcSpan(rpc: string, service: string, method: string, headers: Headers, requestId: string): { span: Span; run: <T>(fn: () => T) => T } {
  const parent = propagation.extract(context.active(), headers, headerGetter);
  const span = tracer.startSpan(
    rpc,
    { kind: SpanKind.SERVER, attributes: { "rpc.system": "connect_rpc", "rpc.service": service, "rpc.method": method, "sro.request_id": requestId } },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return { span, run: (fn) => context.with(active, fn) };
}

export function endRpcSpan(span: Span, code: string): void {
  span.setAttribute("rpc.connect_rpc.error_code", code);
  if (code !== "ok") span.setStatus({ code: SpanStatusCode.ERROR, message: code });
  span.end();
}
