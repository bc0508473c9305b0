import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import type { TableChanges } from "../platform/db/table-changes.js";
import { insertDimension, insertMap, MISSING_ID } from "../test/game-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { createDimensionStore } from "./dimension-store.js";
import { createMapStore } from "./map-store.js";

/** Change notices that never arrive: the moment between another node's commit and its notice, held open. */
const silentChanges: TableChanges = { subscribe: () => () => {}, announce: () => {}, reliable: true, close: async () => {} };

/**
 * A map or dimension written elsewhere (another node, another connection) is readable by id at once, before its
 * change notice has emptied this node's copy; seen as a NotFound for a fresh dimension on PostgreSQL.
 */
describe.each(storageBackends)("reads by id after writes elsewhere (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
  });
  afterAll(() => close?.());

  it("a dimension and a map unknown to the in-memory copy come from the database", async () => {
    const dimensions = createDimensionStore(database.db, silentChanges);
    const maps = createMapStore(database.db, silentChanges);
    await dimensions.list();
    await maps.list();
    const map = await insertMap(database.db);
    const dimension = await insertDimension(database.db, [map]);

    expect((await dimensions.list()).map((d) => d.id)).not.toContain(dimension);
    expect(await dimensions.find(dimension)).toMatchObject({ id: dimension, mapIds: [map] });
    expect(await maps.find(map)).toMatchObject({ id: map });
    expect(await dimensions.find(MISSING_ID)).toBeUndefined();
    expect(await maps.find(MISSING_ID)).toBeUndefined();
  });
});
