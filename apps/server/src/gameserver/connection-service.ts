import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import type { StoredLocation } from "../character/schema.js";
import type { Location } from "../gen/sro/common_pb.js";
import { TargetIdSchema } from "../gen/sro/common_pb.js";
import { ConnectGameServerResponseSchema, ConnectionStatusSchema, type ConnectionService } from "../gen/sro/gameserver/connection_pb.js";
import { callerOf, grantOf, holdsCapability, requireOwnership } from "../platform/auth/caller.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";
import type { ConnectionStore, Issued, IssueRefusal, VerifyRefusal } from "./connection-store.js";
import { CONNECTION_ID_TTL_MS } from "./gameserver-rules.js";

export type Connections = ReturnType<typeof createConnections>;

const characterNotFound = () => new ConnectError("character not found", Code.NotFound);
const serverGone = (field: string) => new ConnectError(`${field}: game server not registered or its lease expired`, Code.NotFound);

const ISSUE_REFUSALS: Record<IssueRefusal, (world: string) => ConnectError> = {
  "no-map": (world) => new ConnectError(`location.world: "${world.slice(0, 64)}" names no map of the character's dimension`, Code.FailedPrecondition),
  "no-server": () => new ConnectError("no game server of this map is ready; try again shortly", Code.Unavailable),
  full: () => new ConnectError("every game server of this map is full; try again later", Code.ResourceExhausted),
};

const VERIFY_REFUSALS: Record<VerifyRefusal, () => ConnectError> = {
  unknown: () => new ConnectError("connection_id: no such connection id", Code.NotFound),
  used: () => new ConnectError("connection_id: already used; the player asks for a new one (ConnectGameServer)", Code.FailedPrecondition),
  expired: () =>
    new ConnectError(`connection_id: expired (valid for ${CONNECTION_ID_TTL_MS / 1000} s); the player asks for a new one`, Code.FailedPrecondition),
  "other-server": () => new ConnectError("server_name: the connection id was issued for another game server", Code.PermissionDenied),
  "server-gone": () => serverGone("server_name"),
  "not-your-server": () => new ConnectError("server_name: this game server was registered by another client", Code.PermissionDenied),
  "character-gone": () => new ConnectError("the character of this connection id was deleted", Code.NotFound),
};

const issuedMessage = (issued: Issued) =>
  create(ConnectGameServerResponseSchema, { address: issued.address, port: issued.port, connectionId: issued.connectionId });

/**
 * sro.gameserver.ConnectionService (docs/game-servers.md): players ask for a server, game servers verify joins.
 * store is undefined in GAMESERVER_MODE=local: there is no registry to pick a server from. requireLocation: the
 * character rule for a stored location (compose.ts hands it in).
 */
export function createConnections(
  store: ConnectionStore | undefined,
  requireLocation: (location: Location) => StoredLocation,
  /** The refusal of a ban that keeps the character out of the game (a ban of scope "game"), if one holds. */
  gameBan: (characterId: string, ownerId: string) => Promise<Error | undefined> = async () => undefined,
) {
  const requireStore = (): ConnectionStore => {
    if (store) return store;
    throw new ConnectError(
      "the game-server registry is off: this server runs with GAMESERVER_MODE=local; set GAMESERVER_MODE=registry to let players join game servers",
      Code.FailedPrecondition,
    );
  };
  /** Game servers act only for servers their client registered; holders of game-servers.act-for-any (admins) for any. */
  const registeredByCaller = (ctx: HandlerContext) => (holdsCapability(ctx, "game-servers.act-for-any") ? undefined : callerOf(ctx).sub);
  const characterFor = async (ctx: HandlerContext, id: string) => {
    const character = await requireStore().character(id);
    // A foreign and a missing character answer the same for "own" grants (permissions.ts).
    requireOwnership(ctx, character?.ownerId, "characters");
    if (!character) throw characterNotFound();
    return character;
  };

  const service: ServiceImpl<typeof ConnectionService> = {
    async connectGameServer(req, ctx) {
      const character = await characterFor(ctx, requireUuid(req.id, "id"));
      const banned = await gameBan(character.id, character.ownerId);
      if (banned) throw banned;
      const issued = await requireStore().issue(character);
      if (typeof issued === "string") throw ISSUE_REFUSALS[issued](character.world);
      return issuedMessage(issued);
    },

    async verifyConnect(req, ctx) {
      const connectionId = requireUuid(req.connectionId, "connection_id");
      const serverId = requireUuid(req.serverName, "server_name");
      const result = await requireStore().verify(connectionId, serverId, registeredByCaller(ctx));
      if (typeof result === "string") throw VERIFY_REFUSALS[result]();
      return create(TargetIdSchema, { id: result.characterId });
    },

    async transferPlayer(req, ctx) {
      const characterId = requireUuid(req.character, "character");
      if (!req.location) throw invalidArgument("location", "is required: its world names the map to move to");
      const location = requireLocation(req.location);
      const character = await characterFor(ctx, characterId);
      const owner = registeredByCaller(ctx);
      if (owner !== undefined) {
        const session = await requireStore().sessionOf(characterId);
        if (!session || session.registeredBy !== owner) {
          throw new ConnectError("character: is not playing on a game server your client registered", Code.FailedPrecondition);
        }
      }
      const issued = await requireStore().transfer(auditActorOf(ctx), character, location);
      if (typeof issued === "string") throw ISSUE_REFUSALS[issued](location.world);
      return issuedMessage(issued);
    },

    async isCharacterPlaying(req, ctx) {
      const character = await characterFor(ctx, requireUuid(req.id, "id"));
      return create(ConnectionStatusSchema, { online: (await requireStore().sessionOf(character.id)) !== undefined });
    },

    async isUserPlaying(req, ctx) {
      const userId = requireText(req.id, "id", 1, 255);
      if (grantOf(ctx) === "own") requireOwnership(ctx, userId, "account");
      return create(ConnectionStatusSchema, { online: await requireStore().userPlaying(userId) });
    },
  };

  return {
    service,
    /**
     * ReportPlayerLeft: ends the character's session on a live server the caller's client registered (admins: any);
     * false when the character does not play there.
     */
    async leave(ctx: HandlerContext, serverId: string, characterId: string): Promise<boolean> {
      const server = await requireStore().server(serverId);
      if (!server) throw serverGone("server_id");
      const owner = registeredByCaller(ctx);
      if (owner !== undefined && server.registeredBy !== owner) {
        throw new ConnectError("server_id: this game server was registered by another client", Code.PermissionDenied);
      }
      return requireStore().leave(serverId, characterId);
    },
  };
}
