import { fileURLToPath } from "node:url";
import { credentials, loadPackageDefinition, Metadata, type Client, type ClientReadableStream, type ServiceError } from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";

type Done<T> = (error: ServiceError | null, response?: T) => void;
type GrpcClient = Client & Record<string, (...args: any[]) => any>;

/** A removal as a game server decodes it (proto-loader: enums as names, int64 as strings). */
export interface ReceivedAction {
  actionId: string;
  characterId: string;
  kind: string;
  message: string;
  requestedAtMs: string;
}

/** An open WatchPlayerActions stream: actions in arrival order, or the status that ended it. */
export interface ActionStream {
  next(): Promise<ReceivedAction>;
  cancel(): void;
}

/**
 * A game server's side of our contract as a studio's Node server would write it: @grpc/grpc-js with the .proto files
 * loaded at run time (no generated code of ours), a bearer token in the metadata.
 */
export function grpcGameServer(baseUrl: string, token: string) {
  const definition = loadSync(["sro/gameserver/gameserver.proto", "sro/gameserver/connection.proto", "sro/gameserver/control.proto"], {
    includeDirs: [fileURLToPath(new URL("../../../../proto", import.meta.url))],
    longs: String,
    enums: String,
    defaults: true,
  });
  const loaded = loadPackageDefinition(definition) as any;
  const address = new URL(baseUrl).host;
  const open = (Service: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => GrpcClient) =>
    new Service(address, credentials.createInsecure());
  const clients: Record<"registry" | "connections" | "control", GrpcClient> = {
    registry: open(loaded.sro.gameserver.GameServerRegistryService),
    connections: open(loaded.sro.gameserver.ConnectionService),
    control: open(loaded.sro.gameserver.GameServerControlService),
  };
  const metadata = () => {
    const m = new Metadata();
    m.set("authorization", `Bearer ${token}`);
    return m;
  };
  const call = <T>(client: keyof typeof clients, method: string, request: object) =>
    new Promise<T>((resolve, reject) => {
      const done: Done<T> = (error, response) => (error ? reject(error) : resolve(response as T));
      clients[client][method]!(request, metadata(), done);
    });

  return {
    call,
    watch(serverId: string): ActionStream {
      const stream: ClientReadableStream<ReceivedAction> = clients.control.WatchPlayerActions!({ serverId }, metadata());
      const received: ReceivedAction[] = [];
      const waiting: { resolve: (a: ReceivedAction) => void; reject: (e: Error) => void }[] = [];
      let ended: Error | undefined;
      stream.on("data", (action: ReceivedAction) => {
        const reader = waiting.shift();
        if (reader) reader.resolve(action);
        else received.push(action);
      });
      stream.on("error", (error: Error) => {
        ended = error;
        for (const reader of waiting.splice(0)) reader.reject(error);
      });
      return {
        next: () => {
          const action = received.shift();
          if (action) return Promise.resolve(action);
          if (ended) return Promise.reject(ended);
          return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
        },
        cancel: () => stream.cancel(),
      };
    },
    close() {
      for (const client of Object.values(clients)) client.close();
    },
  };
}
