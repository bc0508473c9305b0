import { fileURLToPath } from "node:url";
import { credentials, loadPackageDefinition, Metadata, type Client, type ClientReadableStream, type ServiceError } from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";

/**
 * What a game server written against the original contract has: @grpc/grpc-js with the .proto files loaded at run
 * time (no generated code of ours, no import from the server) and a client-credentials token.
 */
type Done = (error: ServiceError | null, response?: unknown) => void;
type Unary = (request: object, metadata: Metadata, options: { deadline: number }, done: Done) => void;
type ServerStream = (request: object, metadata: Metadata) => ClientReadableStream<unknown>;
type GrpcClient = Client & Record<string, Unary & ServerStream>;

const PROTO_DIR = fileURLToPath(new URL("../../../../proto", import.meta.url));
const CALL_DEADLINE_MS = 10_000;

export interface GameApiOptions {
  /** The SRO server, e.g. http://localhost:8080 (gRPC over h2c on the same port). */
  serverUrl: string;
  /** Where client-credentials tokens come from (Keycloak's path: <issuer>/protocol/openid-connect/token). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The answers this server reads, as proto-loader shapes them (camelCase fields, defaults filled in). */
export interface Lease {
  serverId: string;
  ttlSeconds: number;
}
export interface Heartbeat {
  drain: boolean;
  ttlSeconds: number;
}
export interface Destination {
  address: string;
  port: number;
  connectionId: string;
}

/** A kick or a ban to carry out (sro.gameserver.GameServerControlService/WatchPlayerActions). */
export interface PlayerAction {
  actionId: string;
  characterId: string;
  kind: "PLAYER_ACTION_KIND_KICK" | "PLAYER_ACTION_KIND_BAN";
  message: string;
}

interface Calls {
  RegisterGameServer: Lease;
  HeartbeatGameServer: Heartbeat;
  DeregisterGameServer: object;
  ReportPlayerLeft: object;
  VerifyConnect: { id: string };
  TransferPlayer: Destination;
  ConfirmPlayerRemoved: object;
}

export interface GameApi {
  call<M extends keyof Calls>(method: M, request: object): Promise<Calls[M]>;
  /** The removals of this server's players, as they are made; the stream ends on error or when cancelled. */
  watchPlayerActions(serverId: string): Promise<ClientReadableStream<PlayerAction>>;
  close(): void;
}

export function openGameApi(options: GameApiOptions): GameApi {
  const definition = loadSync(["sro/gameserver/gameserver.proto", "sro/gameserver/connection.proto", "sro/gameserver/control.proto"], {
    includeDirs: [PROTO_DIR],
    longs: String,
    enums: String,
    defaults: true,
  });
  const loaded = loadPackageDefinition(definition) as unknown as { sro: { gameserver: Record<string, new (...args: unknown[]) => GrpcClient> } };
  const address = new URL(options.serverUrl).host;
  const open = (service: string) => new loaded.sro.gameserver[service]!(address, credentials.createInsecure());
  const registry = open("GameServerRegistryService");
  const connections = open("ConnectionService");
  const control = open("GameServerControlService");
  const serviceOf = (method: keyof Calls) =>
    method === "VerifyConnect" || method === "TransferPlayer" ? connections : method === "ConfirmPlayerRemoved" ? control : registry;
  const token = clientCredentials(options);
  const authorized = async () => {
    const metadata = new Metadata();
    metadata.set("authorization", `Bearer ${await token()}`);
    return metadata;
  };
  return {
    async watchPlayerActions(serverId) {
      return control.WatchPlayerActions!({ serverId }, await authorized()) as ClientReadableStream<PlayerAction>;
    },
    async call(method, request) {
      const metadata = await authorized();
      return new Promise((resolve, reject) =>
        serviceOf(method)[method]!(request, metadata, { deadline: Date.now() + CALL_DEADLINE_MS }, (error, response) =>
          error ? reject(error) : resolve(response as never),
        ),
      );
    },
    close() {
      registry.close();
      connections.close();
      control.close();
    },
  };
}

/** A token, fetched again a little before it expires (the server refuses expired ones). */
function clientCredentials(options: GameApiOptions): () => Promise<string> {
  let current: { token: string; renewAt: number } | undefined;
  return async () => {
    if (current && Date.now() < current.renewAt) return current.token;
    const response = await fetch(options.tokenUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!response.ok || !body.access_token) throw new Error(`token endpoint answered ${response.status} ${body.error ?? ""}`.trim());
    const lifetimeMs = (body.expires_in ?? 60) * 1000;
    current = { token: body.access_token, renewAt: Date.now() + lifetimeMs * 0.8 };
    return current.token;
  };
}
