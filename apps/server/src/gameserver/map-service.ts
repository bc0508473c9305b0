import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { MapSchema, MapsSchema, type Map as GameMap, type MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { frozenMessageOf } from "../platform/frozen-message.js";
import { requireUuid } from "../platform/validation.js";
import { requireMapName, requireMapPath } from "./gameserver-rules.js";
import type { MapChanges, MapRow, MapStore } from "./map-store.js";

const mapMessage = (row: MapRow): GameMap => create(MapSchema, { id: row.id, name: row.name, mapPath: row.mapPath });
/** Reads answer from the reference cache's rows: one frozen message per cached row and per cached list. */
const cachedMapMessage = frozenMessageOf(mapMessage);
const cachedMapsMessage = frozenMessageOf((rows: readonly MapRow[]) => create(MapsSchema, { maps: rows.map(mapMessage) }));

const notFound = () => new ConnectError("map not found", Code.NotFound);
const nameTaken = (name: string | undefined) =>
  new ConnectError(`name: a map named "${name}" already exists (names are unique, ignoring case)`, Code.AlreadyExists);

/** Thin handlers: request → rules (gameserver-rules) → store → message. */
export function createMapService(store: MapStore): ServiceImpl<typeof MapService> {
  return {
    async getMap(req) {
      const row = await store.find(requireUuid(req.id, "id"));
      if (!row) throw notFound();
      return cachedMapMessage(row);
    },

    async getMaps() {
      return cachedMapsMessage(await store.list());
    },

    async createMap(req, ctx) {
      const input = { name: requireMapName(req.name), mapPath: requireMapPath(req.mapPath) };
      const result = await store.create(auditActorOf(ctx), input);
      if (result === "name-taken") throw nameTaken(input.name);
      return mapMessage(result);
    },

    async editMap(req, ctx) {
      const id = requireUuid(req.targetId, "target_id");
      const changes: MapChanges = {};
      if (req.name !== undefined) changes.name = requireMapName(req.name);
      if (req.mapPath !== undefined) changes.mapPath = requireMapPath(req.mapPath);
      const result = await store.update(auditActorOf(ctx), id, changes);
      if (result === "not-found") throw notFound();
      if (result === "name-taken") throw nameTaken(changes.name);
      return mapMessage(result);
    },

    /** Also takes the map out of every dimension's map list (docs/game-services.md). */
    async deleteMap(req, ctx) {
      const result = await store.softDelete(auditActorOf(ctx), requireUuid(req.id, "id"));
      if (result === "not-found") throw notFound();
      return create(EmptySchema);
    },
  };
}
