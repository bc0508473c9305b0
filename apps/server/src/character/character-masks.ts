import type { Character } from "../gen/sro/character/character_pb.js";
import { invalidArgument, requireUuid } from "../platform/validation.js";
import { requireCharacterName, requireGender, requireLocation, requireOwnerId, requireRealm } from "./character-rules.js";
import type { CharacterChanges } from "./character-writes.js";

/**
 * Field masks of CharacterService. Paths arrive in proto spelling ("dimension_id", what the JSON codec produces
 * from "dimensionId") or, from binary clients, sometimes in lowerCamelCase: both are accepted.
 */

export const CHARACTER_FIELDS = [
  "id",
  "owner_id",
  "name",
  "gender",
  "realm",
  "play_time",
  "location",
  "dimension_id",
  "created_at",
  "updated_at",
  "deleted_at",
  "profession",
] as const;
export type CharacterField = (typeof CHARACTER_FIELDS)[number];

export const EDITABLE_FIELDS = ["realm", "gender", "name", "dimension_id", "owner_id", "location"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

const MAX_PATHS = 32;

const toProtoName = (path: string) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function normalizedPaths(paths: readonly string[], field: string): string[] {
  if (paths.length > MAX_PATHS) throw invalidArgument(field, `must name at most ${MAX_PATHS} paths`);
  return paths.map((path) => {
    if (path.length > 64) throw invalidArgument(field, "paths must be at most 64 characters");
    return toProtoName(path.trim());
  });
}

/** Which fields a Get/List returns; undefined (no mask, or an empty one) means all of them. */
export function readMask(paths: readonly string[] | undefined): ReadonlySet<CharacterField> | undefined {
  if (!paths || paths.length === 0) return undefined;
  const fields = new Set<CharacterField>();
  for (const path of normalizedPaths(paths, "mask")) {
    if (!(CHARACTER_FIELDS as readonly string[]).includes(path)) {
      throw invalidArgument("mask", `unknown field "${path}"; fields are ${CHARACTER_FIELDS.join(", ")}`);
    }
    fields.add(path as CharacterField);
  }
  return fields;
}

/** The fields an EditCharacter may change: one or more of EDITABLE_FIELDS, nothing else. */
export function editMask(paths: readonly string[] | undefined): EditableField[] {
  const allowed = EDITABLE_FIELDS.join(", ");
  if (!paths || paths.length === 0) throw invalidArgument("mask", `must name the fields to change (${allowed})`);
  const fields = new Set<EditableField>();
  for (const path of normalizedPaths(paths, "mask")) {
    if (!(EDITABLE_FIELDS as readonly string[]).includes(path)) {
      throw invalidArgument("mask", `"${path}" cannot be edited; editable fields are ${allowed}`);
    }
    fields.add(path as EditableField);
  }
  return [...fields];
}

/** The validated changes an edit makes: the masked fields of `character`, each checked as on create. */
export function changesFromEdit(character: Character, fields: readonly EditableField[]): CharacterChanges {
  const changes: CharacterChanges = {};
  for (const field of fields) {
    switch (field) {
      case "name":
        changes.name = requireCharacterName(character.name, "character.name");
        break;
      case "gender":
        changes.gender = requireGender(character.gender, "character.gender");
        break;
      case "realm":
        changes.realm = requireRealm(character.realm, "character.realm");
        break;
      case "owner_id":
        changes.ownerId = requireOwnerId(character.ownerId, "character.owner_id");
        break;
      case "dimension_id":
        // The format here; that the dimension is live, in the store (in the same transaction as the update).
        changes.dimensionId = requireUuid(character.dimensionId, "character.dimension_id");
        break;
      case "location":
        changes.location = requireLocation(character.location, "character.location");
        break;
    }
  }
  return changes;
}
