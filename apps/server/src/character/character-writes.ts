import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { auditRecords } from "../audit/schema.js";
import type { Db } from "../platform/db/database.js";
import { isUniqueViolation, sqlState } from "../platform/db/errors.js";
import { rowsOf } from "../platform/db/rows.js";
import { skeletonOf } from "../platform/text-rules.js";
import { dimensions } from "../gameserver/schema.js";
import type { CharacterRow } from "./character-store.js";
import { characters, type StoredLocation } from "./schema.js";

export interface NewCharacter {
  ownerId: string;
  name: string;
  gender: string;
  realm: string;
  dimensionId: string;
  profession: string;
}

export interface CharacterChanges {
  name?: string;
  gender?: string;
  realm?: string;
  dimensionId?: string;
  ownerId?: string;
  location?: StoredLocation | null;
}

/** Why a write did not happen; the handler turns each into a status. */
export type WriteRefusal = "not-found" | "dimension-missing" | "name-taken" | "name-confusable" | "too-many";

const live = isNull(characters.deletedAt);

// play_time is an int4: an increment past 2^31-1 fails with numeric_value_out_of_range.
const NUMERIC_OUT_OF_RANGE = "22003";

/** A character as the audit log shows it: its fields, without the search helper columns. */
export function characterAuditView(row: CharacterRow) {
  const { id, ownerId, name, gender, realm, dimensionId, profession, playTime, location } = row;
  return { id, ownerId, name, gender, realm, dimensionId, profession, playTime, location };
}

/** The audited writes of characters: create, edit, soft delete, play time. */
export function createCharacterWrites(db: Db) {
  /**
   * Shares a lock on the live dimension row until the transaction ends, so a concurrent DeleteDimension (which
   * locks it for update before counting its characters) either sees this character or runs first and wins.
   */
  async function lockLiveDimension(tx: Db, id: string): Promise<boolean> {
    const rows = await tx
      .select({ id: dimensions.id })
      .from(dimensions)
      .where(and(eq(dimensions.id, id), isNull(dimensions.deletedAt)))
      .for("share");
    return rows.length > 0;
  }

  async function refusingTakenNames<T>(write: () => Promise<T>): Promise<T | "name-taken"> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return "name-taken";
      throw error;
    }
  }

  /** Another live character whose name has this skeleton but is another name ("Аda" for "Ada"); same names are name-taken. */
  async function looksTaken(tx: Pick<Db, "select">, name: string, skeleton: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: characters.id })
      .from(characters)
      .where(
        and(live, eq(characters.nameSkeleton, skeleton), sql`lower(${characters.name}) <> lower(${name})`, exceptId ? ne(characters.id, exceptId) : undefined),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    /** `maxPerOwner`: live characters an owner may have (MAX_CHARACTERS_PER_PLAYER); checked under a per-owner lock. */
    create(actor: AuditActor, input: NewCharacter, maxPerOwner = Number.POSITIVE_INFINITY): Promise<CharacterRow | WriteRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          if (Number.isFinite(maxPerOwner)) {
            // Two creations for one owner on two nodes must not both pass the count.
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`characters-of:${input.ownerId}`}))`);
            const [{ n } = { n: 0 }] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(characters)
              .where(and(eq(characters.ownerId, input.ownerId), live));
            if (n >= maxPerOwner) return "too-many" as const;
          }
          if (!(await lockLiveDimension(tx, input.dimensionId))) return "dimension-missing" as const;
          const nameSkeleton = skeletonOf(input.name);
          if (await looksTaken(tx, input.name, nameSkeleton)) return "name-confusable" as const;
          const [row] = await tx
            .insert(characters)
            .values({ id: randomUUID(), ...input, nameSkeleton })
            .returning();
          await appendAudit(tx, actor, { action: "character.create", targetType: "character", targetId: row!.id, after: characterAuditView(row!) });
          return row!;
        }),
      );
    },

    update(actor: AuditActor, id: string, changes: CharacterChanges): Promise<CharacterRow | WriteRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          if (changes.dimensionId !== undefined && !(await lockLiveDimension(tx, changes.dimensionId))) return "dimension-missing" as const;
          const nameSkeleton = changes.name === undefined ? undefined : skeletonOf(changes.name);
          if (changes.name !== undefined && (await looksTaken(tx, changes.name, nameSkeleton!, id))) return "name-confusable" as const;
          const [before] = await tx
            .select()
            .from(characters)
            .where(and(eq(characters.id, id), live))
            .for("update");
          if (!before) return "not-found" as const;
          const [row] = await tx
            .update(characters)
            .set({ ...changes, ...(nameSkeleton === undefined ? {} : { nameSkeleton }), updatedAt: sql`now()` })
            .where(and(eq(characters.id, id), live))
            .returning();
          if (!row) return "not-found" as const;
          await appendAudit(tx, actor, {
            action: "character.edit",
            targetType: "character",
            targetId: id,
            before: characterAuditView(before),
            after: characterAuditView(row),
          });
          return row;
        }),
      );
    },

    /** Soft delete: the row stays (chat history names it) but leaves every read and frees its name. */
    softDelete(actor: AuditActor, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(characters)
          .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(characters.id, id), live))
          .returning();
        if (!row) return false;
        await appendAudit(tx, actor, { action: "character.delete", targetType: "character", targetId: id, before: characterAuditView(row) });
        return true;
      });
    },

    /**
     * One atomic statement: the increment (concurrent increments never lose each other, no read-modify-write) and
     * its audit record, whose before is the row as the increment found it. Game servers call this for every
     * character every few minutes, so it stays one round trip: a transaction of two statements measured 2-2.5x
     * slower (docs/perf-log/2026-11-24-audit.md).
     */
    async addPlayTime(actor: AuditActor, id: string, seconds: number): Promise<"ok" | "not-found" | "overflow"> {
      const view = (row: string, playTime: SQL) =>
        sql`jsonb_build_object('id', ${sql.raw(row)}.id, 'ownerId', ${sql.raw(row)}.owner_id, 'name', ${sql.raw(row)}.name,
          'gender', ${sql.raw(row)}.gender, 'realm', ${sql.raw(row)}.realm, 'dimensionId', ${sql.raw(row)}.dimension_id,
          'profession', ${sql.raw(row)}.profession, 'playTime', ${playTime}, 'location', ${sql.raw(row)}.location)`;
      try {
        const result = await db.execute(sql`
          WITH updated AS (
            UPDATE ${characters} SET play_time = play_time + ${seconds}, updated_at = now()
            WHERE ${characters.id} = ${id} AND ${characters.deletedAt} IS NULL
            RETURNING *
          ), audited AS (
            INSERT INTO ${auditRecords} (at, actor_id, actor_name, action, target_type, target_id, before, after, request_id, source_address)
            SELECT ${new Date().toISOString()}::timestamptz, ${actor.id}, ${actor.name}, 'character.add-play-time', 'character', u.id::text,
              ${view("u", sql`u.play_time - ${seconds}`)}, ${view("u", sql`u.play_time`)}, ${actor.requestId}, ${actor.sourceAddress}
            FROM updated u
            RETURNING id
          )
          SELECT count(*)::int AS n FROM audited`);
        const [row] = rowsOf<{ n: number }>(result);
        return Number(row?.n ?? 0) > 0 ? "ok" : "not-found";
      } catch (error) {
        if (sqlState(error) === NUMERIC_OUT_OF_RANGE) return "overflow";
        throw error;
      }
    },
  };
}
