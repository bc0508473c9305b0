import { count, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { skeletonOf } from "../platform/text-rules.js";
import { chatChannelAuthorizations, chatChannels } from "../chat/schema.js";
import type { Db } from "../platform/db/database.js";
import { demoAccounts } from "./demo-accounts.js";
import type { Logger } from "../platform/logger.js";
import { dimensionMaps, dimensions, maps } from "../gameserver/schema.js";
import { sanctions } from "../moderation/schema.js";

/**
 * Demo content of local mode (config.seedDemo): enough maps, dimensions, characters and channels that every
 * screen has something to show. Fixed ids, so docs and browser tests can name them.
 */

const id = (group: number, n: number) => `5e1d0000-0000-4000-8000-${String(group).padStart(4, "0")}${String(n).padStart(8, "0")}`;

export const demoIds = {
  maps: { downtown: id(1, 1), docks: id(1, 2), orbital: id(1, 3), wasteland: id(1, 4) },
  dimensions: { prime: id(2, 1), shadow: id(2, 2) },
  channels: { general: id(3, 1), primeLocal: id(3, 2), staff: id(3, 3), primeRunners: id(3, 4) },
  sanctions: { glitchMute: id(5, 1), ozzyBan: id(5, 2) },
};

const [admin, moderator, player, banned, ozzy, rook, nova, ivy] = demoAccounts.map((a) => a.id);
/**
 * The one deliberately orphaned owner: an id with no account behind it (a deleted user, or one from another
 * realm), so the console's 'Unknown ({ownerId})' has a row to show. It owns exactly one character, Kira Voltage;
 * every other owner is a demo account.
 */
export const orphanedOwnerId = id(9, 1);

// [name, owner, gender, realm, dimension]; the first of each demo account is the one the docs mention.
const people: [string, string, "male" | "female", "human" | "cyborg", "prime" | "shadow"][] = [
  ["Pia Nightshade", player!, "female", "human", "prime"],
  ["Chrome Vandal", player!, "male", "cyborg", "prime"],
  ["Neon Saint", player!, "female", "cyborg", "shadow"],
  ["Glitch Runner", player!, "male", "human", "prime"],
  ["Ada Overwatch", admin!, "female", "human", "prime"],
  ["Root Access", admin!, "male", "cyborg", "shadow"],
  ["Sysop Zero", admin!, "female", "cyborg", "prime"],
  ["Max Warden", moderator!, "male", "human", "prime"],
  ["Iron Arbiter", moderator!, "female", "cyborg", "shadow"],
  ["Ben Outcast", banned!, "male", "human", "prime"],
  ["Rust Exile", banned!, "female", "cyborg", "shadow"],
  ["Kira Voltage", orphanedOwnerId, "female", "cyborg", "prime"],
  ["Dex Halcyon", rook!, "male", "human", "prime"],
  ["Mara Static", nova!, "female", "human", "shadow"],
  ["Ozzy Flatline", ozzy!, "male", "cyborg", "prime"],
  ["Juno Cipher", ozzy!, "female", "human", "prime"],
  ["Vex Marrow", ozzy!, "male", "cyborg", "shadow"],
  ["Tess Kilobyte", ozzy!, "female", "cyborg", "prime"],
  ["Rook Daemon", rook!, "male", "human", "prime"],
  ["Lyra Proxy", rook!, "female", "cyborg", "shadow"],
  ["Hex Wraith", rook!, "male", "cyborg", "prime"],
  ["Nova Blackwire", nova!, "female", "human", "prime"],
  ["Cole Synapse", nova!, "male", "human", "shadow"],
  ["Echo Lattice", nova!, "female", "cyborg", "prime"],
  ["Zed Kernel", nova!, "male", "cyborg", "prime"],
  ["Ivy Backdoor", ivy!, "female", "human", "prime"],
  ["Gage Ironclad", ivy!, "male", "cyborg", "shadow"],
  ["Sable Firewall", ivy!, "female", "human", "prime"],
  ["Dray Overclock", ivy!, "male", "cyborg", "prime"],
  ["Wren Packetloss", ivy!, "female", "human", "shadow"],
];

export const demoCharacterIds = people.map((_, n) => id(4, n + 1));

// Any constant: serialises the "is the database empty?" check when several nodes start at once.
const DEMO_SEED_LOCK_KEY = 7_117_003;

/** Inserts the demo content once: only into a database that has never had a dimension. */
export async function seedDemoData(db: Db, logger: Logger): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(dimensions);
    if ((existing?.n ?? 0) > 0) return false;
    const m = demoIds.maps;
    await tx.insert(maps).values([
      { id: m.downtown, name: "Downtown Sprawl", mapPath: "/Game/Maps/Downtown" },
      { id: m.docks, name: "Neon Docks", mapPath: "/Game/Maps/NeonDocks" },
      { id: m.orbital, name: "Orbital Ring", mapPath: "/Game/Maps/OrbitalRing" },
      { id: m.wasteland, name: "Wasteland Outskirts", mapPath: "/Game/Maps/Wasteland" },
    ]);
    const d = demoIds.dimensions;
    await tx.insert(dimensions).values([
      { id: d.prime, name: "Prime", version: "1.4.2", location: "eu-central" },
      { id: d.shadow, name: "Shadow Test", version: "1.5.0-beta", location: "us-east" },
    ]);
    await tx.insert(dimensionMaps).values([
      { dimensionId: d.prime, mapId: m.downtown, position: 0 },
      { dimensionId: d.prime, mapId: m.docks, position: 1 },
      { dimensionId: d.prime, mapId: m.orbital, position: 2 },
      { dimensionId: d.shadow, mapId: m.downtown, position: 0 },
      { dimensionId: d.shadow, mapId: m.wasteland, position: 1 },
    ]);
    const now = Date.now();
    await tx.insert(characters).values(
      people.map(([name, ownerId, gender, realm, dimension], n) => ({
        id: demoCharacterIds[n]!,
        ownerId,
        name,
        nameSkeleton: skeletonOf(name),
        gender,
        realm,
        dimensionId: d[dimension],
        // Varied, so sorting by play time or creation shows an order.
        playTime: ((n * 7919) % 500) * 360,
        location:
          n % 3 === 0
            ? {
                world: dimension === "prime" ? "Downtown Sprawl" : "Wasteland Outskirts",
                x: n * 10.5,
                y: -n * 3.25,
                z: 0,
                roll: 0,
                pitch: 0,
                yaw: (n * 37) % 360,
              }
            : null,
        createdAt: new Date(now - (people.length - n) * 86_400_000),
        updatedAt: new Date(now - (people.length - n) * 43_200_000),
      })),
    );
    const c = demoIds.channels;
    await tx.insert(chatChannels).values([
      { id: c.general, name: "General", dimensionId: null, public: true },
      { id: c.primeLocal, name: "Prime Local", dimensionId: d.prime, public: true },
      { id: c.staff, name: "Staff", dimensionId: null, public: false },
      { id: c.primeRunners, name: "Prime Runners", dimensionId: d.prime, public: false },
    ]);
    // Pia (player) may use the private Prime channel; the admin's and moderator's first characters the staff room.
    await tx.insert(chatChannelAuthorizations).values([
      { characterId: demoCharacterIds[0]!, channelId: c.primeRunners },
      { characterId: demoCharacterIds[11]!, channelId: c.primeRunners },
      { characterId: demoCharacterIds[4]!, channelId: c.staff },
      { characterId: demoCharacterIds[7]!, channelId: c.staff },
    ]);
    // The console's sanction lists have something to show: an active mute with a message to the player (Glitch
    // Runner, the player's fourth character: the docs' and browser tests' Pia stays free to chat) and an expired ban.
    const day = 86_400_000;
    const staff = { moderator: { issuedById: moderator!, issuedByName: "moderator" }, admin: { issuedById: admin!, issuedByName: "admin" } };
    await tx.insert(sanctions).values([
      {
        id: demoIds.sanctions.glitchMute,
        kind: "mute",
        scope: "channel",
        scopeId: c.general,
        characterId: demoCharacterIds[3]!,
        accountId: player!,
        issuedAt: new Date(now - day),
        expiresAt: new Date(now + 6 * day),
        reason: "Spam",
        playerMessage: "Please stop posting the same link in General.",
        ...staff.moderator,
      },
      {
        id: demoIds.sanctions.ozzyBan,
        kind: "ban",
        scope: "channel",
        scopeId: c.primeLocal,
        characterId: demoCharacterIds[14]!,
        accountId: ozzy!,
        issuedAt: new Date(now - 10 * day),
        expiresAt: new Date(now - 3 * day),
        reason: "Harassment",
        playerMessage: "",
        ...staff.admin,
      },
    ]);
    return true;
  });
  if (seeded) logger.info({ maps: 4, dimensions: 2, characters: people.length, channels: 4, sanctions: 2 }, "demo data seeded (local mode)");
  return seeded;
}
