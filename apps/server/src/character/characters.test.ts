import { Code } from "@connectrpc/connect";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertDimension, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { characters } from "./schema.js";

/** CharacterService writes and single reads: create, get, edit, delete, play time — over Connect and REST. */
describe.each(storageBackends)("characters (%s)", (backend) => {
  let t: TestServer;
  let dimension: string;
  let otherDimension: string;
  let deletedDimension: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    dimension = await insertDimension(db);
    otherDimension = await insertDimension(db);
    deletedDimension = await insertDimension(db, [], { deletedAt: new Date() });
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let admin: string, player: string;
    beforeAll(() => {
      api = gameApi(t.url, transport);
      admin = t.users.admin.token;
      player = t.users.player.token;
    });

    const newCharacter = (fields: Record<string, string> = {}) =>
      api.ok(
        "CreateCharacter",
        { ownerId: t.users.player.sub, name: uniqueName("Hero"), gender: "female", realm: "human", dimensionId: dimension, ...fields },
        admin,
      );
    const liveTotal = async () => Number((await api.ok("GetCharacters", { filters: { limit: 1 } }, admin)).total);

    it("create stores and returns the character; a player may leave owner_id empty", async () => {
      const name = uniqueName("Pia");
      const created = await api.ok("CreateCharacter", { name, gender: "female", realm: "cyborg", dimensionId: dimension, profession: "netrunner" }, player);
      expect(created).toMatchObject({ ownerId: t.users.player.sub, name, gender: "female", realm: "cyborg", dimensionId: dimension, profession: "netrunner" });
      expect(created.playTime ?? 0).toBe(0);
      expect(Number(created.createdAt)).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(created.deletedAt ?? "0").toBe("0");
      expect(await api.ok("GetCharacter", { id: created.id }, player)).toEqual(created);
      expect(await api.ok("GetCharacter", { id: created.id }, admin)).toEqual(created);
    });

    it("create: admins must name the owner; a player naming someone else is denied and nothing is written", async () => {
      const before = await liveTotal();
      expectRejected(
        await api.call("CreateCharacter", { name: uniqueName("X"), gender: "male", realm: "human", dimensionId: dimension }, admin),
        Code.InvalidArgument,
        "owner_id",
      );
      const foreign = { ownerId: t.users.otherPlayer.sub, name: uniqueName("X"), gender: "male", realm: "human", dimensionId: dimension };
      expectRejected(await api.call("CreateCharacter", foreign, player), Code.PermissionDenied);
      expect(await liveTotal()).toBe(before);
      expect((await api.ok("CreateCharacter", foreign, admin)).ownerId).toBe(t.users.otherPlayer.sub);
    });

    it("create validates every field, names the field, and writes nothing", async () => {
      const before = await liveTotal();
      const valid = { ownerId: t.users.player.sub, name: uniqueName("Valid"), gender: "male", realm: "human", dimensionId: dimension };
      const cases: [Record<string, string>, string][] = [
        [{ name: "" }, "name"],
        [{ name: "ab" }, "name"],
        [{ name: "x".repeat(65) }, "name"],
        [{ name: "<script>alert(1)</script>" }, "name"],
        [{ name: "Robert'); DROP TABLE characters;--" }, "name"],
        [{ name: " Leading" }, "name"],
        [{ gender: "" }, "gender"],
        [{ gender: "Male" }, "gender"],
        [{ gender: "robot" }, "gender"],
        [{ realm: "" }, "realm"],
        [{ realm: "elf" }, "realm"],
        [{ dimensionId: "" }, "dimension_id"],
        [{ dimensionId: "not-a-uuid" }, "dimension_id"],
        [{ dimensionId: MISSING_ID }, "dimension_id"],
        [{ dimensionId: deletedDimension }, "dimension_id"],
        [{ ownerId: "x".repeat(256) }, "owner_id"],
        [{ ownerId: "has space" }, "owner_id"],
        [{ profession: "p".repeat(65) }, "profession"],
      ];
      for (const [change, field] of cases) {
        expectRejected(await api.call("CreateCharacter", { ...valid, ...change }, admin), Code.InvalidArgument, field);
      }
      expect(await liveTotal()).toBe(before);
      // Edge cases of the rule; each is deleted again so the fixed names stay free for the next run.
      for (const name of ["Neo", "x".repeat(64), "Zoë Ångström", "Under_score-Dash 9"]) {
        const created = await api.ok("CreateCharacter", { ...valid, name }, admin);
        expect(created.name).toBe(name);
        await api.ok("DeleteCharacter", { id: created.id }, admin);
      }
    });

    it("names are unique among live characters, ignoring case; deleting frees the name", async () => {
      const name = uniqueName("Twin");
      const first = await newCharacter({ name });
      const taken = await api.call(
        "CreateCharacter",
        { ownerId: t.users.otherPlayer.sub, name: name.toUpperCase(), gender: "male", realm: "human", dimensionId: dimension },
        admin,
      );
      expectRejected(taken, Code.AlreadyExists, "name");
      await api.ok("DeleteCharacter", { id: first.id }, admin);
      expect((await newCharacter({ name: name.toUpperCase() })).name).toBe(name.toUpperCase());
    });

    it("SQL- and HTML-looking input is stored verbatim and stays inert", async () => {
      const name = `DROP TABLE characters -- ${uniqueName("x").slice(-6)}`;
      const created = await newCharacter({ name });
      expect(created.name).toBe(name);
      const world = `<script>alert("x")</script>' OR '1'='1`;
      const edited = await api.ok("EditCharacter", { mask: "location", character: { id: created.id, location: { world, x: 1.5 } } }, admin);
      expect(edited.location).toEqual({ world, x: 1.5 });
      expect((await api.ok("GetCharacter", { id: created.id }, admin)).location.world).toBe(world);
      expect(await liveTotal()).toBeGreaterThan(0);
    });

    it("delete is soft: the character leaves reads and lists, and cannot be deleted twice", async () => {
      const created = await newCharacter();
      const before = await liveTotal();
      expect(await api.ok("DeleteCharacter", { id: created.id }, player)).toEqual({});
      expect(await liveTotal()).toBe(before - 1);
      expectRejected(await api.call("GetCharacter", { id: created.id }, admin), Code.NotFound);
      expectRejected(await api.call("DeleteCharacter", { id: created.id }, admin), Code.NotFound);
      expectRejected(await api.call("EditCharacter", { mask: "name", character: { id: created.id, name: uniqueName("Z") } }, admin), Code.NotFound);
      expectRejected(await api.call("AddCharacterPlayTime", { id: created.id, time: 5 }, admin), Code.NotFound);
      const mine = await api.ok("GetCharactersForUser", { ownerId: t.users.player.sub, filters: { limit: 200 } }, player);
      expect(mine.characters.map((c: { id: string }) => c.id)).not.toContain(created.id);
    });

    it("edit applies exactly the masked fields and moves updated_at", async () => {
      const created = await newCharacter();
      // updated_at is in whole seconds on the wire: set the stored one an hour back instead of waiting a second.
      const storedUpdatedAt = Number(created.updatedAt) - 3600;
      await t.server.database.db
        .update(characters)
        .set({ updatedAt: new Date(storedUpdatedAt * 1000) })
        .where(eq(characters.id, created.id));
      const newName = uniqueName("Renamed");
      const request = {
        mask: "name,realm",
        character: { id: created.id, name: newName, realm: "cyborg", gender: "male", ownerId: "someone-else", dimensionId: otherDimension, playTime: 999 },
      };
      const edited = await api.ok("EditCharacter", request, t.users.admin.token);
      expect(edited).toMatchObject({
        id: created.id,
        name: newName,
        realm: "cyborg",
        gender: "female",
        ownerId: created.ownerId,
        dimensionId: dimension,
        createdAt: created.createdAt,
      });
      expect(edited.playTime ?? 0).toBe(0);
      expect(Number(edited.updatedAt)).toBeGreaterThan(storedUpdatedAt);
      expect(Number(edited.updatedAt)).toBeGreaterThanOrEqual(Number(created.updatedAt));
      expect(await api.ok("GetCharacter", { id: created.id }, admin)).toEqual(edited);
    });

    it("edit changes owner, dimension, gender and location; an absent location clears it", async () => {
      const created = await newCharacter();
      const character = {
        id: created.id,
        ownerId: t.users.otherPlayer.sub,
        dimensionId: otherDimension,
        gender: "male",
        location: { world: "Neo Tokyo", x: 1, y: 2, z: 3, roll: 4, pitch: 5, yaw: 6 },
      };
      const edited = await api.ok("EditCharacter", { mask: "ownerId,dimensionId,gender,location", character }, admin);
      expect(edited).toMatchObject(character);
      const cleared = await api.ok("EditCharacter", { mask: "location", character: { id: created.id } }, admin);
      expect(cleared.location).toBeUndefined();
      expect(cleared.ownerId).toBe(t.users.otherPlayer.sub);
      expectRejected(await api.call("GetCharacter", { id: created.id }, player), Code.PermissionDenied);
    });

    it("edit rejects other paths and invalid values, names the field, and changes nothing", async () => {
      const created = await newCharacter();
      const edit = (mask: string, character: Record<string, unknown>) =>
        api.call("EditCharacter", { mask, character: { id: created.id, ...character } }, admin);
      expectRejected(await edit("playTime", { playTime: 5 }), Code.InvalidArgument, "mask");
      expectRejected(await edit("name,createdAt", { name: uniqueName("A") }), Code.InvalidArgument, "mask");
      expectRejected(await edit("profession", { profession: "x" }), Code.InvalidArgument, "mask");
      expectRejected(await edit("", { name: uniqueName("A") }), Code.InvalidArgument, "mask");
      expectRejected(await edit("name", { name: "<b>" }), Code.InvalidArgument, "character.name");
      expectRejected(await edit("gender", { gender: "" }), Code.InvalidArgument, "character.gender");
      expectRejected(await edit("realm", { realm: "orc" }), Code.InvalidArgument, "character.realm");
      expectRejected(await edit("ownerId", { ownerId: "" }), Code.InvalidArgument, "character.owner_id");
      expectRejected(await edit("dimensionId", { dimensionId: MISSING_ID }), Code.InvalidArgument, "dimension_id");
      expectRejected(await edit("dimensionId", { dimensionId: deletedDimension }), Code.InvalidArgument, "dimension_id");
      expectRejected(await edit("location", { location: { world: "w", x: "NaN" } }), Code.InvalidArgument, "character.location.x");
      expectRejected(await edit("name,realm", { name: uniqueName("Fine"), realm: "elf" }), Code.InvalidArgument, "character.realm");
      expectRejected(
        await api.call("EditCharacter", { mask: "name", character: { id: "nope", name: uniqueName("A") } }, admin),
        Code.InvalidArgument,
        "character.id",
      );
      expectRejected(await api.call("EditCharacter", { mask: "name", character: { id: MISSING_ID, name: uniqueName("A") } }, admin), Code.NotFound);
      expect(await api.ok("GetCharacter", { id: created.id }, admin)).toEqual(created);
    });

    it("edit: a taken name is ALREADY_EXISTS; a character may change the case of its own name", async () => {
      const a = await newCharacter();
      const b = await newCharacter();
      expectRejected(await api.call("EditCharacter", { mask: "name", character: { id: b.id, name: a.name.toLowerCase() } }, admin), Code.AlreadyExists, "name");
      expect((await api.ok("EditCharacter", { mask: "name", character: { id: a.id, name: a.name.toUpperCase() } }, admin)).name).toBe(a.name.toUpperCase());
    });

    it("100 concurrent +1 play-time calls add exactly 100", async () => {
      const created = await newCharacter();
      const gameserver = t.users.gameserver.token;
      const outcomes = await Promise.all(Array.from({ length: 100 }, () => api.call("AddCharacterPlayTime", { id: created.id, time: 1 }, gameserver)));
      expect(outcomes.filter((o) => o.code !== "ok")).toEqual([]);
      expect((await api.ok("GetCharacter", { id: created.id }, admin)).playTime).toBe(100);
    });

    it("play time must be positive; past the int32 range it is OUT_OF_RANGE; nothing is written", async () => {
      const created = await newCharacter();
      await api.ok("AddCharacterPlayTime", { id: created.id, time: 2_000_000_000 }, admin);
      expectRejected(await api.call("AddCharacterPlayTime", { id: created.id, time: 0 }, admin), Code.InvalidArgument, "time");
      expectRejected(await api.call("AddCharacterPlayTime", { id: created.id, time: -10 }, admin), Code.InvalidArgument, "time");
      expectRejected(await api.call("AddCharacterPlayTime", { id: created.id, time: 200_000_000 }, admin), Code.OutOfRange, "time");
      expectRejected(await api.call("AddCharacterPlayTime", { id: MISSING_ID, time: 1 }, admin), Code.NotFound);
      expect((await api.ok("GetCharacter", { id: created.id }, admin)).playTime).toBe(2_000_000_000);
    });

    it("malformed ids are INVALID_ARGUMENT, missing ones NOT_FOUND — never INTERNAL", async () => {
      for (const id of ["nope", "' OR 1=1 --", "x".repeat(1000), "00000000-0000-0000-0000-00000000000Z"]) {
        expectRejected(await api.call("GetCharacter", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("DeleteCharacter", { id }, admin), Code.InvalidArgument, "id");
        expectRejected(await api.call("AddCharacterPlayTime", { id, time: 1 }, admin), Code.InvalidArgument, "id");
      }
      // An empty path segment matches no REST route: 404 from the gateway, INVALID_ARGUMENT from the handler.
      expectRejected(await api.call("GetCharacter", { id: "" }, admin), transport === "rest" ? Code.NotFound : Code.InvalidArgument);
      expectRejected(await api.call("GetCharacter", { id: MISSING_ID }, admin), Code.NotFound);
      expectRejected(await api.call("DeleteCharacter", { id: MISSING_ID }, admin), Code.NotFound);
    });

    it("get honors the field mask and rejects unknown fields", async () => {
      const created = await newCharacter();
      expect(await api.ok("GetCharacter", { id: created.id, mask: "name,dimensionId" }, admin)).toEqual({ name: created.name, dimensionId: dimension });
      expectRejected(await api.call("GetCharacter", { id: created.id, mask: "name,secret" }, admin), Code.InvalidArgument, "mask");
    });
  });
});
