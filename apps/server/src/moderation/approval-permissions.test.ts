import { Code } from "@connectrpc/connect";
import { randomUUID } from "node:crypto";
import { MISSING_ID } from "../test/game-fixtures.js";
import { describePermissionMatrix, type MatrixFixture, type PermissionCase } from "../test/permission-matrix.js";
import { approvalRequests } from "./approval-schema.js";

/**
 * ApprovalService × every kind of caller, over Connect and REST (docs/permissions.md ¹²): staff only; a request is
 * seen by holders of its capability (a permanent account ban: admins), otherwise NOT_FOUND as a missing one.
 */
async function accountBanRequest(f: MatrixFixture): Promise<string> {
  const id = randomUUID();
  const atMs = Date.now();
  await f.db.insert(approvalRequests).values({
    id,
    action: "account-ban",
    capability: "sanctions.account-ban",
    request: { kind: "SANCTION_KIND_BAN", scope: "SANCTION_SCOPE_EVERYWHERE", accountId: f.t.users.player.sub, durationSeconds: "-1", reason: "Cheating" },
    reason: "Cheating",
    requestedById: randomUUID(),
    requestedByName: "someone",
    requestedAt: new Date(atMs),
    expiresAt: new Date(atMs + 3_600_000),
  });
  return id;
}

const U = Code.Unauthenticated;
const D = Code.PermissionDenied;
const adminsSee = { anonymous: U, owner: D, nonOwner: D, moderator: Code.NotFound, admin: "ok", banned: D, gameserver: D } as const;

const cases: PermissionCase[] = [
  { rpc: "ListApprovals", request: () => ({}), expected: { anonymous: U, owner: D, nonOwner: D, moderator: "ok", admin: "ok", banned: D, gameserver: D } },
  { rpc: "GetApproval", request: async (f) => ({ id: await accountBanRequest(f) }), missing: () => ({ id: MISSING_ID }), expected: adminsSee },
  {
    rpc: "DecideApproval",
    request: async (f) => ({ approvalId: await accountBanRequest(f), decision: "APPROVAL_DECISION_REJECT", reason: "Not enough evidence" }),
    missing: () => ({ approvalId: MISSING_ID, decision: "APPROVAL_DECISION_REJECT", reason: "Not enough evidence" }),
    expected: adminsSee,
  },
];

describePermissionMatrix("ApprovalService permissions", cases);
