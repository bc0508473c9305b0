import { clearField, create } from "@bufbuild/protobuf";
import { CharacterSchema, type Character } from "../gen/sro/character/character_pb.js";
import type { CharacterField } from "./character-masks.js";
import type { CharacterRow } from "./character-store.js";

const unixSeconds = (date: Date | null) => (date ? BigInt(Math.floor(date.getTime() / 1000)) : 0n);

/** A stored character as the wire message; with a read mask, only the masked fields are set. */
export function characterMessage(row: CharacterRow, mask?: ReadonlySet<CharacterField>): Character {
  const message = create(CharacterSchema, {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    gender: row.gender,
    realm: row.realm,
    playTime: row.playTime,
    location: row.location ?? undefined,
    dimensionId: row.dimensionId,
    createdAt: unixSeconds(row.createdAt),
    updatedAt: unixSeconds(row.updatedAt),
    deletedAt: unixSeconds(row.deletedAt),
    profession: row.profession,
  });
  if (mask) {
    for (const field of CharacterSchema.fields) {
      if (!mask.has(field.name as CharacterField)) clearField(message, field);
    }
  }
  return message;
}
