import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { CharacterStatsSchema, CharactersSchema, type CharacterService } from "../gen/sro/character/character_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { callerOf, grantOf, requireOwnership } from "../platform/auth/caller.js";
import { invalidArgument, requireUuid } from "../platform/validation.js";
import { pageOf, searchOf, searchTermsOf, sortOf } from "./character-list-query.js";
import type { OwnerSearch } from "./owner-search.js";
import { changesFromEdit, editMask, readMask } from "./character-masks.js";
import {
  ownerForNewCharacter,
  requireCharacterId,
  requireCharacterName,
  requireGender,
  requireOwnerId,
  requirePlayTimeIncrement,
  requireProfession,
  requireRealm,
} from "./character-rules.js";
import type { CharacterEvents } from "./character-events.js";
import type { CharacterRow, CharacterStore } from "./character-store.js";
import type { WriteRefusal } from "./character-writes.js";
import { characterMessage } from "./character-view.js";

const notFound = () => new ConnectError("character not found", Code.NotFound);

function refused(refusal: WriteRefusal, name: string | undefined, maxPerPlayer?: number): ConnectError {
  switch (refusal) {
    case "name-confusable":
      return new ConnectError(`name: "${name}" looks the same as the name of an existing character; choose another`, Code.AlreadyExists);
    case "too-many":
      return new ConnectError(`owner_id: this player has ${maxPerPlayer} characters, the most allowed; delete one first`, Code.ResourceExhausted);
    case "not-found":
      return notFound();
    case "dimension-missing":
      return invalidArgument("dimension_id", "no live dimension has this id");
    case "name-taken":
      return new ConnectError(`name: a character named "${name}" already exists (names are unique, ignoring case)`, Code.AlreadyExists);
  }
}

/** Thin handlers: request → rules (character-rules, -masks, -list-query) → store → message. */
/** What a search needs from elsewhere: dimension names (the in-memory list) and owner ids by username. */
export interface SearchLookups {
  dimensions(): Promise<readonly { id: string; name: string }[]>;
  owners?: OwnerSearch;
}

export interface CharacterServiceOptions extends Partial<SearchLookups> {
  /** GetCharacters without `filters` answers every live character up to this many (CHARACTERS_UNPAGED_MAX). */
  unpagedMax: number;
  /** Live characters one player may own (MAX_CHARACTERS_PER_PLAYER); unset: no cap. */
  maxPerPlayer?: number;
  /** Told after a character is deleted or edited. */
  events?: CharacterEvents;
}

const BEARER = /^Bearer\s+(\S+)$/i;

export function createCharacterService(store: CharacterStore, options: CharacterServiceOptions): ServiceImpl<typeof CharacterService> {
  const lookups: SearchLookups = { dimensions: options.dimensions ?? (async () => []), owners: options.owners };
  /** The live character, if the caller may see it. "own" grants: foreign and missing answer the same denial. */
  async function visibleCharacter(ctx: HandlerContext, id: string): Promise<CharacterRow> {
    const row = await store.find(id);
    requireOwnership(ctx, row?.ownerId, "characters");
    if (!row) throw notFound();
    return row;
  }

  return {
    async getCharacter(req, ctx) {
      const mask = readMask(req.mask?.paths);
      const row = await visibleCharacter(ctx, requireCharacterId(req.id));
      return characterMessage(row, mask);
    },

    async getCharacters(req, ctx) {
      const mask = readMask(req.mask?.paths);
      // Clients of the original API call it without filters and show the rows they get (ignoring `total`): they
      // get every character, up to a cap that keeps one answer's size bounded; `total` stays exact.
      const page = req.filters === undefined ? { limit: options.unpagedMax, offset: 0 } : pageOf(req.filters);
      const sort = sortOf(req.sortBy, req.sortDescending);
      const terms = searchTermsOf(req.search);
      let search;
      if (terms) {
        const token = BEARER.exec(ctx.requestHeader.get("authorization") ?? "")?.[1];
        const [dimensions, ownerIds] = await Promise.all([
          terms.columns.has("dimension") ? lookups.dimensions() : [],
          terms.columns.has("owner") && lookups.owners ? lookups.owners(terms.text, token) : [],
        ]);
        search = searchOf(terms, { dimensions, ownerIds });
      }
      const query = { page, sort, search };
      const { rows, total } = await store.list(query);
      return create(CharactersSchema, { total, characters: rows.map((row) => characterMessage(row, mask)) });
    },

    async getCharactersForUser(req, ctx) {
      const ownerId = requireOwnerId(req.ownerId);
      requireOwnership(ctx, ownerId, "characters");
      const mask = readMask(req.mask?.paths);
      const { rows, total } = await store.list({ page: pageOf(req.filters), sort: sortOf(0, false), ownerId });
      return create(CharactersSchema, { total, characters: rows.map((row) => characterMessage(row, mask)) });
    },

    async createCharacter(req, ctx) {
      const ownerId = ownerForNewCharacter(req.ownerId, callerOf(ctx).sub, grantOf(ctx));
      const input = {
        ownerId,
        name: requireCharacterName(req.name),
        gender: requireGender(req.gender),
        realm: requireRealm(req.realm),
        dimensionId: requireUuid(req.dimensionId, "dimension_id"),
        profession: requireProfession(req.profession),
      };
      const result = await store.create(auditActorOf(ctx), input, options.maxPerPlayer);
      if (typeof result === "string") throw refused(result, input.name, options.maxPerPlayer);
      return characterMessage(result);
    },

    async deleteCharacter(req, ctx) {
      const row = await visibleCharacter(ctx, requireCharacterId(req.id));
      if (!(await store.softDelete(auditActorOf(ctx), row.id))) throw notFound();
      await options.events?.emit({ type: "deleted", characterId: row.id });
      return create(EmptySchema);
    },

    async editCharacter(req, ctx) {
      const fields = editMask(req.mask?.paths);
      if (!req.character) throw invalidArgument("character", "is required");
      const id = requireCharacterId(req.character.id, "character.id");
      const changes = changesFromEdit(req.character, fields);
      const result = await store.update(auditActorOf(ctx), id, changes);
      if (typeof result === "string") throw refused(result, changes.name);
      await options.events?.emit({ type: "edited", characterId: result.id });
      return characterMessage(result);
    },

    async addCharacterPlayTime(req, ctx) {
      const id = requireCharacterId(req.id);
      const seconds = requirePlayTimeIncrement(req.time);
      const result = await store.addPlayTime(auditActorOf(ctx), id, seconds);
      if (result === "not-found") throw notFound();
      if (result === "overflow") throw new ConnectError("time: play_time would exceed 2147483647 seconds", Code.OutOfRange);
      return create(EmptySchema);
    },

    async getCharacterStats() {
      const stats = await store.stats();
      return create(CharacterStatsSchema, {
        totalCharacters: stats.totalCharacters,
        totalPlayTime: stats.totalPlayTime,
        charactersPerRealm: stats.perRealm,
        charactersPerDimension: stats.perDimension,
      });
    },
  };
}
