import { writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A CPU profile of another Node process for a chosen window (e.g. only the send phase of a benchmark, not the
 * start-up or the opening of 10,000 streams): activates that process's inspector (SIGUSR1, default port 9229),
 * starts the V8 profiler over the DevTools protocol and writes `<dir>/<name>.cpuprofile` on stop (open it in Chrome
 * DevTools or speedscope). Needs a global WebSocket: run the bench with NODE_OPTIONS=--experimental-websocket on
 * Node 20.
 */
export async function profileProcess(pid: number, dir: string, name: string): Promise<() => Promise<string>> {
  if (typeof WebSocket === "undefined") throw new Error("profiling needs WebSocket: NODE_OPTIONS=--experimental-websocket");
  (process as unknown as { _debugProcess(pid: number): void })._debugProcess(pid);
  let url: string | undefined;
  for (let attempt = 0; attempt < 50 && !url; attempt++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const targets = (await (await fetch("http://127.0.0.1:9229/json/list")).json()) as { webSocketDebuggerUrl: string }[];
      url = targets[0]?.webSocketDebuggerUrl;
    } catch {
      // inspector not listening yet
    }
  }
  if (!url) throw new Error(`no inspector on 127.0.0.1:9229 for process ${pid}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const reply = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  await send("Profiler.start");
  return async () => {
    const { profile } = (await send("Profiler.stop")) as { profile: unknown };
    socket.close();
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}

/** A CPU profile of this (the bench's own) process for a chosen window; writes `<dir>/<name>.cpuprofile` on stop. */
export async function profileSelf(dir: string, name: string): Promise<() => Promise<string>> {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}
