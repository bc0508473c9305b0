import { MISSING_ID } from "../test/game-fixtures.js";
import { insertAppeal } from "../test/appeal-fixtures.js";
import { describePermissionMatrix, rows, type MatrixFixture, type PermissionCase } from "../test/permission-matrix.js";
import { insertSanction } from "../test/sanction-fixtures.js";
import type { TestUser } from "../test/test-server.js";
import { Code } from "@connectrpc/connect";

/**
 * AppealService × every kind of caller, over Connect and REST (docs/permissions.md ¹⁰): everyone signed in (banned
 * accounts too) appeals their own sanctions and reads their own appeals; a sanction of someone else is NOT_FOUND, as a
 * missing one; moderators and admins read and decide the queue.
 */
const activeSanction = (f: MatrixFixture, owner: TestUser) =>
  insertSanction(f.db, { kind: "mute", scope: "everywhere", accountId: owner.sub, expiresAt: new Date(Date.now() + 3_600_000) });

const cases: PermissionCase[] = [
  {
    rpc: "FileAppeal",
    request: async (f, owner) => ({ sanctionId: await activeSanction(f, owner), reason: "APPEAL_REASON_TOO_HARSH", text: "It was a joke" }),
    missing: () => ({ sanctionId: MISSING_ID, reason: "APPEAL_REASON_TOO_HARSH", text: "It was a joke" }),
    expected: {
      anonymous: Code.Unauthenticated,
      owner: "ok",
      nonOwner: Code.NotFound,
      moderator: Code.NotFound,
      admin: Code.NotFound,
      banned: "ok",
      gameserver: Code.PermissionDenied,
    },
  },
  {
    rpc: "GetMyAppeals",
    request: () => ({}),
    expected: { anonymous: Code.Unauthenticated, owner: "ok", nonOwner: "ok", moderator: "ok", admin: "ok", banned: "ok", gameserver: Code.PermissionDenied },
  },
  { rpc: "ListAppeals", request: () => ({}), expected: rows.staffRead },
  {
    rpc: "GetAppeal",
    request: async (f, owner) => ({ id: await insertAppeal(f.db, await activeSanction(f, owner), owner.sub) }),
    missing: () => ({ id: MISSING_ID }),
    expected: rows.staffRead,
  },
  {
    rpc: "DecideAppeal",
    request: async (f, owner) => ({
      appealId: await insertAppeal(f.db, await activeSanction(f, owner), owner.sub),
      decision: "APPEAL_DECISION_UPHELD",
      reason: "The rules were clear",
    }),
    missing: () => ({ appealId: MISSING_ID, decision: "APPEAL_DECISION_UPHELD", reason: "The rules were clear" }),
    expected: rows.staffRead,
  },
];

describePermissionMatrix("AppealService permissions", cases);
