import { Code, ConnectError } from "@connectrpc/connect";
import type { Location } from "../gen/sro/common_pb.js";
import type { Grant } from "../platform/auth/caller.js";
import { hasControlCharacters, invalidArgument, lengthOf, requireName, requireText, requireUuid } from "../platform/validation.js";
import type { StoredLocation } from "./schema.js";

/** The rules of characters (docs/game-services.md): plain functions, no database, no HTTP. */

export const GENDERS = ["male", "female"] as const;
export const REALMS = ["human", "cyborg"] as const;
export type Gender = (typeof GENDERS)[number];
export type Realm = (typeof REALMS)[number];

export const requireCharacterName = (value: string, field = "name") => requireName(value, field);

export function requireGender(value: string, field = "gender"): Gender {
  if (value === "") throw invalidArgument(field, "is required");
  if (!(GENDERS as readonly string[]).includes(value)) throw invalidArgument(field, "must be male or female");
  return value as Gender;
}

export function requireRealm(value: string, field = "realm"): Realm {
  if (value === "") throw invalidArgument(field, "is required");
  if (!(REALMS as readonly string[]).includes(value)) throw invalidArgument(field, "must be human or cyborg");
  return value as Realm;
}

/** Owner ids are the identity provider's `sub`: opaque, but bounded and free of whitespace. */
export function requireOwnerId(value: string, field = "owner_id"): string {
  if (value === "") throw invalidArgument(field, "is required");
  if (lengthOf(value) > 255 || /\s/u.test(value) || hasControlCharacters(value)) {
    throw invalidArgument(field, "must be 1..255 characters without spaces");
  }
  return value;
}

/** Carried through for older clients (docs/wire.md); only bounded. */
export const requireProfession = (value: string) => requireText(value, "profession", 0, 64);

/**
 * Who owns a new character. Admins (grant "all") name the owner; players (grant "own") may leave it empty or
 * name themselves — naming anybody else is PERMISSION_DENIED.
 */
export function ownerForNewCharacter(requested: string, callerSub: string, grant: Grant): string {
  if (grant === "all") return requireOwnerId(requested);
  if (requested === "" || requested === callerSub) return callerSub;
  throw new ConnectError("permission denied: players may only create characters for themselves", Code.PermissionDenied);
}

const COORDINATES = ["x", "y", "z", "roll", "pitch", "yaw"] as const;

/** A location to store: finite coordinates and a bounded world name; an absent location clears it. */
export function requireLocation(location: Location | undefined, field = "location"): StoredLocation | null {
  if (!location) return null;
  const world = requireText(location.world, `${field}.world`, 0, 256);
  const stored: StoredLocation = { world, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 };
  for (const axis of COORDINATES) {
    const value = location[axis];
    if (!Number.isFinite(value)) throw invalidArgument(`${field}.${axis}`, "must be a finite number");
    stored[axis] = value;
  }
  return stored;
}

export function requirePlayTimeIncrement(time: number): number {
  if (!Number.isInteger(time) || time <= 0) throw invalidArgument("time", "must be a positive number of seconds");
  return time;
}

export const requireCharacterId = (value: string, field = "id") => requireUuid(value, field);
