/** A node of V8's sampling heap profile (HeapProfiler.SamplingHeapProfile): sizes are already scaled to estimates. */
export interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapProfileNode[];
}

export interface AllocationSummary {
  /** Estimated bytes allocated in the window. */
  totalBytes: number;
  /** By origin: Node's own code ("node:…"), a package (its name), ours ("app"), V8 and natives ("(V8)"). */
  byOrigin: { origin: string; bytes: number }[];
  /** The allocating functions, biggest first. */
  bySite: { site: string; bytes: number }[];
}

/** Sums a sampling heap profile by allocating function and by origin. */
export function summarizeAllocations(head: HeapProfileNode, top = 12): AllocationSummary {
  const sites = new Map<string, number>();
  const origins = new Map<string, number>();
  let totalBytes = 0;
  const stack = [head];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...node.children);
    if (node.selfSize === 0) continue;
    totalBytes += node.selfSize;
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || "(anonymous)"} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : "(native)"}`;
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    const origin = originOf(url);
    origins.set(origin, (origins.get(origin) ?? 0) + node.selfSize);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalBytes,
    byOrigin: sorted(origins).map(([origin, bytes]) => ({ origin, bytes })),
    bySite: sorted(sites)
      .slice(0, top)
      .map(([site, bytes]) => ({ site, bytes })),
  };
}

/** "node:internal/…", a package's name from its node_modules path, "app" for the server's own files, or "(V8)". */
export function originOf(url: string): string {
  if (!url) return "(V8)";
  if (url.startsWith("node:")) return "node";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  return "app";
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const app = url.indexOf("/apps/");
  return app >= 0 ? url.slice(app + 1) : url;
}
