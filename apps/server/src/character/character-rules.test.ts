import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { CharacterSchema, CharacterSortField } from "../gen/sro/character/character_pb.js";
import { LocationSchema } from "../gen/sro/common_pb.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf, searchOf, sortOf } from "./character-list-query.js";
import { changesFromEdit, editMask, readMask } from "./character-masks.js";
import { ownerForNewCharacter, requireGender, requireLocation, requireOwnerId, requirePlayTimeIncrement, requireRealm } from "./character-rules.js";

function rejection(fn: () => unknown): { code: Code; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    const e = ConnectError.from(error);
    return { code: e.code, message: e.rawMessage };
  }
  return undefined;
}

describe("character rules", () => {
  it("gender is male or female, realm human or cyborg, exactly", () => {
    expect(requireGender("female")).toBe("female");
    expect(requireRealm("cyborg")).toBe("cyborg");
    expect(rejection(() => requireGender("Male"))).toEqual({ code: Code.InvalidArgument, message: "gender: must be male or female" });
    expect(rejection(() => requireGender(""))?.message).toBe("gender: is required");
    expect(rejection(() => requireRealm("elf"))).toEqual({ code: Code.InvalidArgument, message: "realm: must be human or cyborg" });
  });

  it("owner ids are 1..255 characters without spaces", () => {
    expect(requireOwnerId("6f1c2a10-0000-4000-8000-000000000003")).toBe("6f1c2a10-0000-4000-8000-000000000003");
    expect(rejection(() => requireOwnerId(""))?.message).toBe("owner_id: is required");
    expect(rejection(() => requireOwnerId("a b"))?.code).toBe(Code.InvalidArgument);
    expect(rejection(() => requireOwnerId("x".repeat(256)))?.code).toBe(Code.InvalidArgument);
  });

  it("admins name the owner; players may only create for themselves", () => {
    expect(ownerForNewCharacter("someone", "admin-sub", "all")).toBe("someone");
    expect(rejection(() => ownerForNewCharacter("", "admin-sub", "all"))?.message).toBe("owner_id: is required");
    expect(ownerForNewCharacter("", "me", "own")).toBe("me");
    expect(ownerForNewCharacter("me", "me", "own")).toBe("me");
    expect(rejection(() => ownerForNewCharacter("you", "me", "own"))?.code).toBe(Code.PermissionDenied);
  });

  it("play time increments are positive whole seconds", () => {
    expect(requirePlayTimeIncrement(1)).toBe(1);
    for (const bad of [0, -1, -2147483648]) expect(rejection(() => requirePlayTimeIncrement(bad))?.message).toBe("time: must be a positive number of seconds");
  });

  it("locations need finite coordinates and a bounded world; none clears", () => {
    expect(requireLocation(undefined)).toBeNull();
    const location = create(LocationSchema, { world: "<i>Neo Tokyo</i>", x: 1.5, yaw: 90 });
    expect(requireLocation(location)).toEqual({ world: "<i>Neo Tokyo</i>", x: 1.5, y: 0, z: 0, roll: 0, pitch: 0, yaw: 90 });
    expect(rejection(() => requireLocation(create(LocationSchema, { x: Number.NaN })))?.message).toBe("location.x: must be a finite number");
    expect(rejection(() => requireLocation(create(LocationSchema, { pitch: Number.POSITIVE_INFINITY }), "character.location"))?.message).toBe(
      "character.location.pitch: must be a finite number",
    );
    expect(rejection(() => requireLocation(create(LocationSchema, { world: "w".repeat(257) })))?.code).toBe(Code.InvalidArgument);
  });
});

describe("character field masks", () => {
  it("read masks accept proto and lowerCamelCase paths; unknown paths are rejected", () => {
    expect(readMask(undefined)).toBeUndefined();
    expect(readMask([])).toBeUndefined();
    expect([...readMask(["name", "playTime", "owner_id"])!]).toEqual(["name", "play_time", "owner_id"]);
    expect(rejection(() => readMask(["password"]))?.message).toMatch(/^mask: unknown field "password"/);
    expect(rejection(() => readMask(["location.x"]))?.code).toBe(Code.InvalidArgument);
    expect(rejection(() => readMask(Array(33).fill("name")))?.code).toBe(Code.InvalidArgument);
  });

  it("edit masks name exactly the six editable fields, at least one", () => {
    expect(editMask(["realm", "gender", "name", "dimension_id", "ownerId", "location"])).toEqual([
      "realm",
      "gender",
      "name",
      "dimension_id",
      "owner_id",
      "location",
    ]);
    expect(editMask(["dimensionId", "dimension_id"])).toEqual(["dimension_id"]);
    expect(rejection(() => editMask([]))?.message).toMatch(/^mask: must name the fields to change/);
    for (const bad of ["play_time", "id", "created_at", "deleted_at", "profession", "nonsense", ""]) {
      expect(rejection(() => editMask(["name", bad]))?.message).toMatch(/^mask: ".*" cannot be edited/);
    }
  });

  it("an edit's changes are exactly the masked fields, each validated as on create", () => {
    const character = create(CharacterSchema, {
      id: "x",
      name: "New Name",
      gender: "female",
      realm: "cyborg",
      ownerId: "o",
      dimensionId: "5E1D0000-0000-4000-8000-000200000001",
      playTime: 99,
    });
    expect(changesFromEdit(character, ["name", "realm"])).toEqual({ name: "New Name", realm: "cyborg" });
    expect(changesFromEdit(character, ["dimension_id"])).toEqual({ dimensionId: "5e1d0000-0000-4000-8000-000200000001" });
    expect(changesFromEdit(character, ["location"])).toEqual({ location: null });
    expect(rejection(() => changesFromEdit({ ...character, name: "x" }, ["name"]))?.message).toMatch(/^character\.name: /);
    expect(rejection(() => changesFromEdit({ ...character, dimensionId: "nope" }, ["dimension_id"]))?.message).toBe("character.dimension_id: must be a UUID");
    // An invalid value outside the mask does not matter: it is not applied.
    expect(changesFromEdit({ ...character, gender: "robot" }, ["name"])).toEqual({ name: "New Name" });
  });
});

describe("character list queries", () => {
  it("limit 0 is the default page; negative or absurd values are rejected naming the field", () => {
    expect(pageOf(undefined)).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(pageOf({ limit: MAX_PAGE_SIZE, offset: 10 } as never)).toEqual({ limit: MAX_PAGE_SIZE, offset: 10 });
    expect(rejection(() => pageOf({ limit: -1, offset: 0 } as never))?.message).toMatch(/^filters\.limit: must be 0\.\.200/);
    expect(rejection(() => pageOf({ limit: 201, offset: 0 } as never))?.message).toMatch(/^filters\.limit/);
    expect(rejection(() => pageOf({ limit: 10, offset: -5 } as never))?.message).toMatch(/^filters\.offset/);
    expect(rejection(() => pageOf({ limit: 10, offset: 2147483647 } as never))?.message).toMatch(/^filters\.offset/);
  });

  it("every list column sorts; unknown enum numbers are rejected", () => {
    expect(sortOf(CharacterSortField.UNSPECIFIED, false)).toEqual({ column: "created", descending: false });
    expect(sortOf(CharacterSortField.PLAYTIME, true)).toEqual({ column: "playtime", descending: true });
    expect(rejection(() => sortOf(99 as CharacterSortField, false))?.message).toBe("sort_by: unknown sort field 99");
  });

  it("search terms are trimmed, bounded, and LIKE wildcards in them are literal", () => {
    expect(searchOf("   ")).toBeUndefined();
    expect(searchOf(" Ne_o% ")).toEqual({
      text: "ne_o%",
      namePattern: "%ne\\_o\\%%",
      ownerIds: ["Ne_o%"],
      idRange: undefined,
      realms: [],
      genders: [],
      dimensionIds: [],
    });
    expect(searchOf("back\\slash")?.namePattern).toBe("%back\\\\slash%");
    expect(searchOf("CYBORG")).toMatchObject({ realms: ["cyborg"] });
    expect(searchOf("hum")).toMatchObject({ realms: ["human"], genders: [] });
    expect(searchOf("Female")).toMatchObject({ genders: ["female"] });
    expect(searchOf("male")).toMatchObject({ genders: ["male", "female"] });
    expect(searchOf("5E1D0000-0000-4000-8000-000200000001")).toMatchObject({
      ownerIds: ["5E1D0000-0000-4000-8000-000200000001", "5e1d0000-0000-4000-8000-000200000001"],
      idRange: { from: "5e1d0000-0000-4000-8000-000200000001", to: "5e1d0000-0000-4000-8000-000200000001" },
    });
    expect(searchOf("5e1d0")?.idRange).toEqual({ from: "5e1d0000-0000-0000-0000-000000000000", to: "5e1d0fff-ffff-ffff-ffff-ffffffffffff" });
    expect(searchOf("nova")?.idRange).toBeUndefined();
  });

  it("searches the columns named after 'in:' (id or header label, any case, spaces dropped), the others not", () => {
    const facts = { dimensions: [{ id: "5e1d0000-0000-4000-8000-000200000001", name: "Prime" }], ownerIds: ["owner-1"] };
    expect(searchOf("nova in:name", facts)).toEqual({
      text: "nova",
      namePattern: "%nova%",
      ownerIds: [],
      idRange: undefined,
      realms: [],
      genders: [],
      dimensionIds: [],
    });
    expect(searchOf("Nova in:Username", facts)?.namePattern).toBe("%nova%");
    expect(searchOf("human in:realm", facts)).toMatchObject({ namePattern: undefined, realms: ["human"], ownerIds: [] });
    expect(searchOf("prim in:dimension", facts)).toMatchObject({ namePattern: undefined, dimensionIds: [facts.dimensions[0]!.id] });
    expect(searchOf("Play in:OWNER", facts)).toMatchObject({ namePattern: undefined, ownerIds: ["Play", "owner-1"] });
    expect(searchOf("prime", facts)).toMatchObject({ namePattern: "%prime%", dimensionIds: [facts.dimensions[0]!.id], ownerIds: ["prime", "owner-1"] });
    expect(searchOf("x in:nosuch", facts)).toMatchObject({ namePattern: undefined, ownerIds: [], realms: [], dimensionIds: [] });
    expect(searchOf("in:name")).toBeUndefined();
    expect(rejection(() => searchOf("x".repeat(65)))?.message).toBe("search: must be at most 64 characters");
    expect(rejection(() => searchOf("a\nb"))?.code).toBe(Code.InvalidArgument);
  });
});
