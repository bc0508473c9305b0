import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import {
  DimensionSchema,
  DimensionsSchema,
  GameServerUpdateResponseSchema,
  type Dimension,
  type DimensionService,
} from "../gen/sro/gameserver/gameserver_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { frozenMessageOf } from "../platform/frozen-message.js";
import { invalidArgument, requireUuid } from "../platform/validation.js";
import type { DimensionChanges, DimensionRefusal, DimensionRow, DimensionStore } from "./dimension-store.js";
import { requireDimensionLocation, requireDimensionName, requireMapIds, requireVersion } from "./gameserver-rules.js";
import type { RegistryStore } from "./registry-store.js";

export interface DimensionServiceDeps {
  dimensions: DimensionStore;
  /** Undefined in GAMESERVER_MODE=local: nothing orchestrates game servers. */
  registry?: RegistryStore;
}

const dimensionMessage = (row: DimensionRow): Dimension =>
  create(DimensionSchema, { id: row.id, name: row.name, version: row.version, location: row.location, mapIds: row.mapIds });

/** Reads answer from the reference cache's rows: one frozen message per cached row and per cached list. */
const cachedDimensionMessage = frozenMessageOf(dimensionMessage);
const cachedDimensionsMessage = frozenMessageOf((rows: readonly DimensionRow[]) => create(DimensionsSchema, { dimensions: rows.map(dimensionMessage) }));

export const dimensionNotFound = () => new ConnectError("dimension not found", Code.NotFound);

function refused(refusal: DimensionRefusal, name: string | undefined): ConnectError {
  if (refusal === "not-found") return dimensionNotFound();
  if (refusal === "name-taken")
    return new ConnectError(`name: a dimension named "${name}" already exists (names are unique, ignoring case)`, Code.AlreadyExists);
  if ("missingMaps" in refusal) return invalidArgument("map_ids", `no live map has the id ${refusal.missingMaps.join(", ")}`);
  const { characters, channels } = refusal.inUse;
  return new ConnectError(
    `dimension is still used by ${characters} live character${characters === 1 ? "" : "s"} and ${channels} chat channel${channels === 1 ? "" : "s"}; move or delete them first`,
    Code.FailedPrecondition,
  );
}

const isRow = (result: DimensionRow | DimensionRefusal): result is DimensionRow => typeof result === "object" && "id" in result;

function answer(result: DimensionRow | DimensionRefusal, name?: string): Dimension {
  if (isRow(result)) return dimensionMessage(result);
  throw refused(result, name);
}

/** Thin handlers: request → rules (gameserver-rules) → store → message. */
export function createDimensionService({ dimensions, registry }: DimensionServiceDeps): ServiceImpl<typeof DimensionService> {
  return {
    async getDimension(req) {
      const row = await dimensions.find(requireUuid(req.id, "id"));
      if (!row) throw dimensionNotFound();
      return cachedDimensionMessage(row);
    },

    async getDimensions() {
      return cachedDimensionsMessage(await dimensions.list());
    },

    async createDimension(req, ctx) {
      const input = {
        name: requireDimensionName(req.name),
        version: requireVersion(req.version),
        location: requireDimensionLocation(req.location),
        mapIds: requireMapIds(req.mapIds),
      };
      return answer(await dimensions.create(auditActorOf(ctx), input), input.name);
    },

    async duplicateDimension(req, ctx) {
      const sourceId = requireUuid(req.targetId, "target_id");
      const name = requireDimensionName(req.name);
      return answer(await dimensions.duplicate(auditActorOf(ctx), sourceId, name), name);
    },

    async editDimension(req, ctx) {
      const id = requireUuid(req.targetId, "target_id");
      // Only the fields present in the request change; the map list only when edit_maps says so.
      const changes: DimensionChanges = {};
      if (req.name !== undefined) changes.name = requireDimensionName(req.name);
      if (req.version !== undefined) changes.version = requireVersion(req.version);
      if (req.location !== undefined) changes.location = requireDimensionLocation(req.location);
      // Without edit_maps, map_ids are ignored (clients send whole dimensions back).
      if (req.editMaps) changes.mapIds = requireMapIds(req.mapIds);
      return answer(await dimensions.update(auditActorOf(ctx), id, changes), changes.name);
    },

    async deleteDimension(req, ctx) {
      const result = await dimensions.softDelete(auditActorOf(ctx), requireUuid(req.id, "id"));
      if (result !== "deleted") throw refused(result, undefined);
      return create(EmptySchema);
    },

    async gameServerUpdate(req, ctx) {
      if (!registry) {
        throw new ConnectError(
          "GameServerUpdate needs GAMESERVER_MODE=registry: this server runs in local mode, where no game servers are orchestrated",
          Code.FailedPrecondition,
        );
      }
      const result = await registry.update(auditActorOf(ctx), requireUuid(req.id, "id"));
      if (result === "not-found") throw dimensionNotFound();
      return create(GameServerUpdateResponseSchema, result);
    },
  };
}
