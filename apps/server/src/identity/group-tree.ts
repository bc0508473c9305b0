import { createHash } from "node:crypto";
import type { Db } from "../platform/db/database.js";
import { groups } from "./schema.js";

/** The realm's group tree (docs/identity.md); deploy/keycloak/realm-default.json declares the same. */
export const GROUP_PATHS = ["/Player", "/Player/Member", "/Moderator", "/Moderator/Admin", "/Banned"] as const;
/** Where self-registered users land. */
export const NEW_USER_GROUP = "/Player/Member";

/**
 * Group ids are derived from the path (a name-based UUID, RFC 9562 v5 layout), so every node and every fresh
 * database agrees on them and concurrent first starts cannot create duplicates.
 */
export function groupIdOf(path: string): string {
  const bytes = createHash("sha1").update(`sro-identity-group:${path}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function parentPathOf(path: string): string | undefined {
  const cut = path.lastIndexOf("/");
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/** Creates the groups that are missing; existing ones are left as they are. */
export async function ensureGroupTree(db: Db): Promise<void> {
  const rows = GROUP_PATHS.map((path) => {
    const parent = parentPathOf(path);
    return { id: groupIdOf(path), name: path.slice(path.lastIndexOf("/") + 1), parentId: parent ? groupIdOf(parent) : null, path };
  });
  await db.insert(groups).values(rows).onConflictDoNothing();
}
