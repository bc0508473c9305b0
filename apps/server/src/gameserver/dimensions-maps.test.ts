import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../character/schema.js";
import { chatChannels } from "../chat/schema.js";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertCharacter, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";

/** DimensionService and MapService over Connect and REST (local game-server mode). */
describe.each(storageBackends)("dimensions and maps (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let admin: string;
    beforeAll(() => {
      api = gameApi(t.url, transport);
      admin = t.users.admin.token;
    });
    const newMap = (fields: Record<string, string> = {}) => api.ok("CreateMap", { name: uniqueName("Map"), mapPath: "/Game/Maps/Test", ...fields }, admin);
    const newDimension = (fields: Record<string, unknown> = {}) =>
      api.ok("CreateDimension", { name: uniqueName("Dim"), version: "1.0.0", location: "eu-central", ...fields }, admin);
    const mapCount = async () => ((await api.ok("GetMaps", {}, admin)).maps ?? []).length;
    const dimensionCount = async () => ((await api.ok("GetDimensions", {}, admin)).dimensions ?? []).length;

    it("maps: create, get, list, edit only the present fields", async () => {
      const map = await newMap({ mapPath: "/Game/Maps/Downtown" });
      expect(await api.ok("GetMap", { id: map.id }, t.users.moderator.token)).toEqual(map);
      expect((await api.ok("GetMaps", {}, admin)).maps).toContainEqual(map);
      const renamed = uniqueName("Renamed");
      expect(await api.ok("EditMap", { targetId: map.id, name: renamed }, admin)).toEqual({ ...map, name: renamed });
      expect(await api.ok("EditMap", { targetId: map.id, mapPath: "maps/other.umap" }, admin)).toEqual({ ...map, name: renamed, mapPath: "maps/other.umap" });
      expect(await api.ok("EditMap", { targetId: map.id }, admin)).toEqual({ ...map, name: renamed, mapPath: "maps/other.umap" });
    });

    it("maps: name and map_path are required, bounded and sane; nothing is written", async () => {
      const before = await mapCount();
      const cases: [Record<string, string>, string][] = [
        [{ name: "" }, "name"],
        [{ name: "   " }, "name"],
        [{ name: "n".repeat(257) }, "name"],
        [{ name: "bad\u0007bell" }, "name"],
        [{ mapPath: "" }, "map_path"],
        [{ mapPath: "../../etc/passwd" }, "map_path"],
        [{ mapPath: "a//b" }, "map_path"],
        [{ mapPath: "with space/x" }, "map_path"],
        [{ mapPath: "C:\\maps\\x" }, "map_path"],
        [{ mapPath: "https://evil.example/x" }, "map_path"],
        [{ mapPath: `/${"p".repeat(256)}` }, "map_path"],
      ];
      for (const [change, field] of cases) {
        expectRejected(await api.call("CreateMap", { name: uniqueName("Map"), mapPath: "/Game/Maps/X", ...change }, admin), Code.InvalidArgument, field);
      }
      expect(await mapCount()).toBe(before);
      const map = await newMap();
      expectRejected(await api.call("EditMap", { targetId: map.id, mapPath: "../x" }, admin), Code.InvalidArgument, "map_path");
      expectRejected(await api.call("EditMap", { targetId: map.id, name: "" }, admin), Code.InvalidArgument, "name");
      expect(await api.ok("GetMap", { id: map.id }, admin)).toEqual(map);
    });

    it("maps: names are unique among live maps, ignoring case; SQL is stored verbatim, markup refused", async () => {
      const quoted = `"Quoted" & 'single' ${uniqueName("h")}`;
      const sqlish = `'; DROP TABLE maps; -- ${uniqueName("s")}`;
      const a = await newMap({ name: quoted });
      const b = await newMap({ name: sqlish });
      expect([a.name, b.name]).toEqual([quoted, sqlish]);
      expect((await api.ok("GetMap", { id: b.id }, admin)).name).toBe(sqlish);
      expectRejected(await api.call("CreateMap", { name: quoted.toUpperCase(), mapPath: "/x" }, admin), Code.AlreadyExists, "name");
      expectRejected(await api.call("EditMap", { targetId: b.id, name: quoted }, admin), Code.AlreadyExists, "name");
      expectRejected(
        await api.call("CreateMap", { name: `<img src=x onerror=alert(1)> ${uniqueName("h")}`, mapPath: "/x" }, admin),
        Code.InvalidArgument,
        "name",
      );
      await api.ok("DeleteMap", { id: a.id }, admin);
      expect((await newMap({ name: quoted })).name).toBe(quoted);
    });

    it("maps: deleting one removes it from every dimension's map list", async () => {
      const [m1, m2, m3] = [await newMap(), await newMap(), await newMap()];
      const d1 = await newDimension({ mapIds: [m1.id, m2.id, m3.id] });
      const d2 = await newDimension({ mapIds: [m2.id] });
      expect(await api.ok("DeleteMap", { id: m2.id }, admin)).toEqual({});
      expect((await api.ok("GetDimension", { id: d1.id }, admin)).mapIds).toEqual([m1.id, m3.id]);
      expect((await api.ok("GetDimension", { id: d2.id }, admin)).mapIds).toBeUndefined();
      expectRejected(await api.call("GetMap", { id: m2.id }, admin), Code.NotFound);
      expectRejected(await api.call("DeleteMap", { id: m2.id }, admin), Code.NotFound);
      expectRejected(await api.call("EditMap", { targetId: m2.id, name: uniqueName("x") }, admin), Code.NotFound);
      expectRejected(
        await api.call("CreateDimension", { name: uniqueName("D"), version: "1", location: "x", mapIds: [m2.id] }, admin),
        Code.InvalidArgument,
        m2.id,
      );
    });

    it("maps and dimensions: malformed ids are INVALID_ARGUMENT, missing ones NOT_FOUND", async () => {
      for (const id of ["nope", "1; DROP TABLE maps", "x".repeat(500)]) {
        expectRejected(await api.call("GetMap", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("DeleteMap", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("EditMap", { targetId: id, name: "x" }, admin), Code.InvalidArgument, "target_id");
        expectRejected(await api.call("GetDimension", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("DeleteDimension", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("EditDimension", { targetId: id, name: "xyz" }, admin), Code.InvalidArgument, "target_id");
        expectRejected(await api.call("DuplicateDimension", { targetId: id, name: "xyz" }, admin), Code.InvalidArgument, "target_id");
      }
      for (const rpc of ["GetMap", "DeleteMap", "GetDimension", "DeleteDimension"])
        expectRejected(await api.call(rpc, { id: MISSING_ID }, admin), Code.NotFound);
      expectRejected(await api.call("EditDimension", { targetId: MISSING_ID, name: uniqueName("x") }, admin), Code.NotFound);
      expectRejected(await api.call("DuplicateDimension", { targetId: MISSING_ID, name: uniqueName("x") }, admin), Code.NotFound);
    });

    it("dimensions: create keeps the map order; get and list return it", async () => {
      const [m1, m2] = [await newMap(), await newMap()];
      const dimension = await newDimension({ mapIds: [m2.id, m1.id], location: `<b>us-east</b> ${uniqueName("l")}` });
      expect(dimension).toMatchObject({ version: "1.0.0", mapIds: [m2.id, m1.id] });
      expect(dimension.location).toMatch(/^<b>us-east<\/b> /);
      expect(await api.ok("GetDimension", { id: dimension.id }, t.users.moderator.token)).toEqual(dimension);
      expect((await api.ok("GetDimensions", {}, admin)).dimensions).toContainEqual(dimension);
    });

    it("dimensions: name, version, location and map ids are validated; nothing is written", async () => {
      const before = await dimensionCount();
      const map = await newMap();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: "" }, "name"],
        [{ name: "ab" }, "name"],
        [{ name: "Dim <script>" }, "name"],
        [{ name: "d".repeat(65) }, "name"],
        [{ version: "" }, "version"],
        [{ version: "v".repeat(65) }, "version"],
        [{ location: "" }, "location"],
        [{ location: "l".repeat(257) }, "location"],
        [{ mapIds: ["nope"] }, "map_ids[0]"],
        [{ mapIds: [map.id, map.id] }, "map_ids[1]"],
        [{ mapIds: [map.id, MISSING_ID] }, "map_ids"],
      ];
      for (const [change, field] of cases)
        expectRejected(
          await api.call("CreateDimension", { name: uniqueName("Dim"), version: "1", location: "x", ...change }, admin),
          Code.InvalidArgument,
          field,
        );
      expect(await dimensionCount()).toBe(before);
    });

    it("dimensions: names are unique among live dimensions, ignoring case", async () => {
      const dimension = await newDimension();
      expectRejected(await api.call("CreateDimension", { name: dimension.name.toLowerCase(), version: "1", location: "x" }, admin), Code.AlreadyExists, "name");
      const other = await newDimension();
      expectRejected(await api.call("EditDimension", { targetId: other.id, name: dimension.name.toUpperCase() }, admin), Code.AlreadyExists, "name");
      expectRejected(await api.call("DuplicateDimension", { targetId: other.id, name: dimension.name }, admin), Code.AlreadyExists, "name");
    });

    it("dimensions: duplicate copies version, location and maps under a new name", async () => {
      const [m1, m2] = [await newMap(), await newMap()];
      const source = await newDimension({ version: "2.1", location: "ap-south", mapIds: [m1.id, m2.id] });
      const name = uniqueName("Copy");
      const copy = await api.ok("DuplicateDimension", { targetId: source.id, name }, admin);
      expect(copy).toEqual({ id: copy.id, name, version: "2.1", location: "ap-south", mapIds: [m1.id, m2.id] });
      expect(copy.id).not.toBe(source.id);
      expectRejected(await api.call("DuplicateDimension", { targetId: source.id, name: "x" }, admin), Code.InvalidArgument, "name");
    });

    it("dimensions: edit applies only present fields, and maps only with edit_maps", async () => {
      const [m1, m2] = [await newMap(), await newMap()];
      const dimension = await newDimension({ mapIds: [m1.id] });
      const edit = (fields: Record<string, unknown>) => api.ok("EditDimension", { targetId: dimension.id, ...fields }, admin);
      expect(await edit({ version: "9.9" })).toEqual({ ...dimension, version: "9.9" });
      expect(await edit({ location: "moon", mapIds: [m2.id] })).toEqual({ ...dimension, version: "9.9", location: "moon" });
      expect(await edit({ editMaps: true, mapIds: [m2.id, m1.id] })).toEqual({ ...dimension, version: "9.9", location: "moon", mapIds: [m2.id, m1.id] });
      const name = uniqueName("New");
      expect(await edit({ name, editMaps: true, mapIds: [] })).toEqual({ id: dimension.id, name, version: "9.9", location: "moon" });
    });

    it("dimensions: an invalid edit changes nothing", async () => {
      const map = await newMap();
      const dimension = await newDimension({ mapIds: [map.id] });
      const edit = (fields: Record<string, unknown>) => api.call("EditDimension", { targetId: dimension.id, ...fields }, admin);
      expectRejected(await edit({ name: uniqueName("Fine"), version: "" }), Code.InvalidArgument, "version");
      expectRejected(await edit({ location: "" }), Code.InvalidArgument, "location");
      expectRejected(await edit({ name: "a" }), Code.InvalidArgument, "name");
      expectRejected(await edit({ version: "2", editMaps: true, mapIds: [MISSING_ID] }), Code.InvalidArgument, "map_ids");
      expect(await api.ok("GetDimension", { id: dimension.id }, admin)).toEqual(dimension);
    });

    it("dimensions: delete is refused while live characters or channels use it, naming how many", async () => {
      const dimension = await newDimension();
      const db = t.server.database.db;
      const c1 = await insertCharacter(db, t.users.player.sub, dimension.id);
      await insertCharacter(db, t.users.player.sub, dimension.id);
      await insertCharacter(db, t.users.player.sub, dimension.id, { deletedAt: new Date() });
      const channel = randomUUID();
      await db.insert(chatChannels).values({ id: channel, name: "Local", dimensionId: dimension.id, public: true });
      const refused = await api.call("DeleteDimension", { id: dimension.id }, admin);
      expectRejected(refused, Code.FailedPrecondition);
      expect(refused.message).toBe("dimension is still used by 2 live characters and 1 chat channel; move or delete them first");
      await api.ok("DeleteCharacter", { id: c1 }, admin);
      await db.update(characters).set({ deletedAt: new Date() }).where(eq(characters.dimensionId, dimension.id));
      expect((await api.call("DeleteDimension", { id: dimension.id }, admin)).message).toBe(
        "dimension is still used by 0 live characters and 1 chat channel; move or delete them first",
      );
      await db.update(chatChannels).set({ deletedAt: new Date() }).where(eq(chatChannels.id, channel));
      expect(await api.ok("DeleteDimension", { id: dimension.id }, admin)).toEqual({});
      expectRejected(await api.call("GetDimension", { id: dimension.id }, admin), Code.NotFound);
      expect(((await api.ok("GetDimensions", {}, admin)).dimensions ?? []).map((d: { id: string }) => d.id)).not.toContain(dimension.id);
      expectRejected(
        await api.call("CreateCharacter", { ownerId: "o", name: uniqueName("C"), gender: "male", realm: "human", dimensionId: dimension.id }, admin),
        Code.InvalidArgument,
        "dimension_id",
      );
      expect((await newDimension({ name: dimension.name })).name).toBe(dimension.name);
    });

    it("GameServerUpdate in local mode is FAILED_PRECONDITION, saying why", async () => {
      const dimension = await newDimension();
      const outcome = await api.call("GameServerUpdate", { id: dimension.id }, admin);
      expectRejected(outcome, Code.FailedPrecondition, "GAMESERVER_MODE=registry");
    });
  });
});
