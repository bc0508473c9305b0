import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { createCharacterSearch, SEARCH_TUNING, type SearchTuning } from "./character-search.js";
import { createCharacterWrites } from "./character-writes.js";
import { characters } from "./schema.js";

export type CharacterRow = typeof characters.$inferSelect;

export type CharacterStore = ReturnType<typeof createCharacterStore>;

/** All SQL of characters. Names are unique among live characters (characters_live_name_key), ids are UUIDs. */
export function createCharacterStore(db: Db, tuning: SearchTuning = SEARCH_TUNING) {
  return {
    async find(id: string): Promise<CharacterRow | undefined> {
      const [row] = await db
        .select()
        .from(characters)
        .where(and(eq(characters.id, id), isNull(characters.deletedAt)));
      return row;
    },

    ...createCharacterWrites(db),
    ...createCharacterSearch(db, tuning),
  };
}
