import { insertCharacter } from "../test/chat-fixtures.js";
import { MISSING_ID } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type PermissionCase } from "../test/permission-matrix.js";
import { insertSanction } from "../test/sanction-fixtures.js";

/**
 * SanctionService × every kind of caller, over Connect and REST (docs/permissions.md): moderators and admins issue,
 * revoke and read; only admins edit the settings; every signed-in person reads their own sanctions. (Account bans
 * are admins' only: sanctions.test.ts, since the table cannot tell a request's kind.)
 */
const mute = (characterId: string) => ({ kind: "SANCTION_KIND_MUTE", scope: "SANCTION_SCOPE_EVERYWHERE", characterId, durationSeconds: "60", reason: "Spam" });

const cases: PermissionCase[] = [
  {
    rpc: "IssueSanction",
    request: async (f, owner) => mute(await insertCharacter(f.db, owner.sub, f.dimension)),
    missing: () => mute(MISSING_ID),
    expected: rows.staffRead,
  },
  {
    rpc: "RevokeSanction",
    request: async (f, owner) => ({
      id: await insertSanction(f.db, {
        kind: "mute",
        scope: "everywhere",
        characterId: await insertCharacter(f.db, owner.sub, f.dimension),
        accountId: owner.sub,
      }),
      reason: "Appeal",
    }),
    missing: () => ({ id: MISSING_ID, reason: "Appeal" }),
    expected: rows.staffRead,
  },
  {
    rpc: "GetSanction",
    request: async (f, owner) => ({ id: await insertSanction(f.db, { scope: "everywhere", accountId: owner.sub }) }),
    missing: () => ({ id: MISSING_ID }),
    expected: rows.staffRead,
  },
  { rpc: "ListSanctions", request: () => ({}), expected: rows.staffRead },
  {
    rpc: "GetMySanctions",
    request: () => ({}),
    expected: {
      anonymous: rows.staffRead.anonymous,
      owner: "ok",
      nonOwner: "ok",
      moderator: "ok",
      admin: "ok",
      banned: "ok",
      gameserver: rows.staffRead.gameserver,
    },
  },
  {
    rpc: "SuggestSanction",
    request: async (f, owner) => ({ characterId: await insertCharacter(f.db, owner.sub, f.dimension) }),
    missing: () => ({ characterId: MISSING_ID }),
    expected: rows.staffRead,
  },
  { rpc: "GetModerationSettings", request: () => ({}), expected: rows.staffRead },
  {
    rpc: "SetModerationSettings",
    request: () => ({ reasonTemplates: ["Spam", "Other"], ladder: [{ kind: "SANCTION_KIND_MUTE", durationSeconds: "3600" }] }),
    expected: rows.adminOnly,
  },
];

describePermissionMatrix("SanctionService permissions", cases);
