import { EventEmitter } from "node:events";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { createInterface } from "node:readline";
import { status, type ServiceError } from "@grpc/grpc-js";
import type { ClientReadableStream } from "@grpc/grpc-js";
import type { GameApi, PlayerAction } from "./game-api.js";

/** How long after losing the actions stream it is held again. */
const ACTIONS_REOPEN_MS = 1000;

/**
 * A small game server that does what a real one must do with us (docs/game-servers.md): register, heartbeat, verify
 * joins, move players, report leaves, obey kicks and bans, deregister. Players speak a line protocol over TCP (docs/game-servers.md
 * "The reference game server"): `JOIN <connection id>`, `MOVE <world>`, `LEAVE`.
 */
export interface ReferenceGameServerOptions {
  api: GameApi;
  dimensionId: string;
  mapId: string;
  /** Where players reach this server (what ConnectGameServer hands them). */
  advertisedAddress: string;
  /** 0 picks a free port; the advertised port is the one listened on. */
  listenPort?: number;
  listenHost?: string;
  maxPlayers?: number;
  log?: (line: string) => void;
}

export interface ReferenceGameServerEvents {
  joined: [characterId: string];
  left: [characterId: string];
  removed: [action: PlayerAction];
}

export class ReferenceGameServer extends EventEmitter<ReferenceGameServerEvents> {
  serverId = "";
  port = 0;
  /** Character id → its player's connection. */
  readonly players = new Map<string, Socket>();
  private readonly tcp: Server;
  private heartbeat?: NodeJS.Timeout;
  private draining = false;
  private stopped = false;
  private readonly leaving = new Set<Promise<void>>();
  private actions?: ClientReadableStream<PlayerAction>;

  constructor(private readonly options: ReferenceGameServerOptions) {
    super();
    this.tcp = createServer((socket) => this.welcome(socket));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.tcp.once("error", reject);
      this.tcp.listen(this.options.listenPort ?? 0, this.options.listenHost ?? "0.0.0.0", resolve);
    });
    this.port = (this.tcp.address() as AddressInfo).port;
    await this.register();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.heartbeat);
    this.actions?.cancel();
    for (const socket of this.players.values()) socket.end("BYE server stopping\n");
    await new Promise<void>((resolve) => this.tcp.close(() => resolve()));
    await Promise.all(this.leaving);
    if (this.serverId) await this.options.api.call("DeregisterGameServer", { id: this.serverId }).catch(() => undefined);
    this.options.api.close();
  }

  private async register(): Promise<void> {
    const lease = await this.options.api.call("RegisterGameServer", {
      dimensionId: this.options.dimensionId,
      mapId: this.options.mapId,
      address: this.options.advertisedAddress,
      port: this.port,
      maxPlayers: this.options.maxPlayers ?? 0,
    });
    this.serverId = lease.serverId;
    this.log(`registered as ${this.serverId} (lease ${lease.ttlSeconds} s)`);
    this.scheduleHeartbeat(lease.ttlSeconds);
    await this.watchActions();
  }

  /** Held while registered: each kick or ban ends the player's connection, then is confirmed to us. */
  private async watchActions(): Promise<void> {
    const previous = this.actions;
    this.actions = undefined;
    previous?.cancel();
    let stream: ClientReadableStream<PlayerAction>;
    try {
      stream = await this.options.api.watchPlayerActions(this.serverId);
    } catch (error) {
      // Our server is away (a restart): the token or the call fails. Keep trying, or kicks would never arrive.
      this.log(`actions stream: ${(error as Error).message}`);
      return this.reopenActions();
    }
    if (this.stopped) return void stream.cancel();
    this.actions = stream;
    stream.on("data", (action: PlayerAction) => void this.remove(action));
    // A node that shuts down ends the stream, one that crashes breaks it: either way hold it again (it resends what
    // is still unconfirmed).
    const lost = () => {
      if (this.stopped || this.actions !== stream) return;
      this.actions = undefined;
      this.reopenActions();
    };
    stream.on("error", lost);
    stream.on("end", lost);
  }

  private reopenActions(): void {
    if (this.stopped) return;
    setTimeout(() => void this.watchActions(), ACTIONS_REOPEN_MS).unref();
  }

  private async remove(action: PlayerAction): Promise<void> {
    const socket = this.players.get(action.characterId);
    if (socket) {
      this.players.delete(action.characterId);
      socket.end(`${action.kind === "PLAYER_ACTION_KIND_BAN" ? "BANNED" : "KICKED"} ${action.message}\n`);
    }
    await this.options.api
      .call("ConfirmPlayerRemoved", { serverId: this.serverId, actionId: action.actionId })
      .then(() => this.emit("removed", action))
      .catch((error: ServiceError) => this.log(`removal ${action.actionId} not confirmed: ${error.details ?? error.message}`));
  }

  // A third of the lease: two heartbeats may be lost before it lapses.
  private scheduleHeartbeat(ttlSeconds: number): void {
    if (this.stopped) return;
    this.heartbeat = setTimeout(() => void this.beat(ttlSeconds), (ttlSeconds * 1000) / 3);
  }

  private async beat(ttlSeconds: number): Promise<void> {
    try {
      const answer = await this.options.api.call("HeartbeatGameServer", { serverId: this.serverId });
      if (answer.drain && !this.draining) this.log("asked to drain: no new joins, deregistering when empty");
      this.draining = answer.drain;
      if (this.draining && this.players.size === 0) return void (await this.stop());
      this.scheduleHeartbeat(answer.ttlSeconds || ttlSeconds);
    } catch (error) {
      if (this.stopped) return;
      // A lapsed lease is gone (its players no longer count): announce this server again.
      if ((error as ServiceError).code === status.NOT_FOUND) return void (await this.register().catch(() => this.scheduleHeartbeat(ttlSeconds)));
      this.log(`heartbeat failed: ${(error as Error).message}`);
      this.scheduleHeartbeat(ttlSeconds);
    }
  }

  private welcome(socket: Socket): void {
    let characterId: string | undefined;
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    lines.on("line", (line) => void this.handle(socket, line.trim(), characterId, (id) => (characterId = id)));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (!characterId || this.players.get(characterId) !== socket) return;
      const leaving = this.leave(characterId).finally(() => this.leaving.delete(leaving));
      this.leaving.add(leaving);
    });
  }

  private async handle(socket: Socket, line: string, characterId: string | undefined, joined: (id: string) => void): Promise<void> {
    const space = line.search(/\s/);
    const command = space < 0 ? line : line.slice(0, space);
    // A world's name may hold spaces: the argument is the rest of the line.
    const argument = space < 0 ? "" : line.slice(space).trim();
    try {
      if (command === "JOIN" && !characterId) {
        if (this.draining) return void socket.end("REFUSED UNAVAILABLE server is draining\n");
        const character = await this.options.api.call("VerifyConnect", { connectionId: argument, serverName: this.serverId });
        joined(character.id);
        this.players.set(character.id, socket);
        socket.write(`WELCOME ${character.id}\n`);
        this.emit("joined", character.id);
      } else if (command === "MOVE" && characterId) {
        const next = await this.options.api.call("TransferPlayer", { character: characterId, location: { world: argument } });
        this.players.delete(characterId);
        socket.end(`TRANSFER ${next.address} ${next.port} ${next.connectionId}\n`);
        this.emit("left", characterId);
      } else if (command === "LEAVE" && characterId) {
        socket.end("BYE\n");
      } else {
        socket.write(`ERROR unknown or out-of-order command: ${command || "(empty)"}\n`);
      }
    } catch (error) {
      const e = error as ServiceError;
      const answer = `REFUSED ${status[e.code] ?? "UNKNOWN"} ${e.details ?? e.message}\n`;
      if (characterId) socket.write(answer);
      else socket.end(answer);
    }
  }

  private async leave(characterId: string): Promise<void> {
    this.players.delete(characterId);
    this.emit("left", characterId);
    await this.options.api.call("ReportPlayerLeft", { serverId: this.serverId, characterId }).catch((error: ServiceError) => {
      if (error.code !== status.NOT_FOUND) this.log(`leave of ${characterId} not reported: ${error.details ?? error.message}`);
    });
    if (this.draining && this.players.size === 0 && !this.stopped) void this.stop();
  }

  private log(line: string): void {
    this.options.log?.(`[game-server ${this.serverId || "unregistered"}] ${line}`);
  }
}
