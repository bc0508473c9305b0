import { insertChannel, insertCharacter, insertMessage } from "../test/chat-fixtures.js";
import { MISSING_ID } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type MatrixFixture, type PermissionCase } from "../test/permission-matrix.js";
import type { TestUser } from "../test/test-server.js";

/**
 * ChatHistoryService × every kind of caller, over Connect and REST (docs/permissions.md): moderators and admins
 * search, delete and purge a character. (A whole account's purge is admins' only: chat-history.test.ts, since the
 * table cannot tell a request's kind.)
 */
async function ownersMessage(f: MatrixFixture, owner: TestUser): Promise<string> {
  const character = await insertCharacter(f.db, owner.sub, f.dimension);
  return insertMessage(f.db, await insertChannel(f.db, { public: true }), character, Date.now(), "to delete");
}

const cases: PermissionCase[] = [
  { rpc: "SearchChatMessages", request: () => ({}), expected: rows.staffRead },
  {
    rpc: "DeleteChatMessage",
    request: async (f, owner) => ({ id: await ownersMessage(f, owner), reason: "Spam" }),
    missing: () => ({ id: "999999999", reason: "Spam" }),
    expected: rows.staffRead,
  },
  {
    rpc: "PurgeChatMessages",
    request: async (f, owner) => ({ characterId: await insertCharacter(f.db, owner.sub, f.dimension), reason: "Spam" }),
    missing: () => ({ characterId: MISSING_ID, reason: "Spam" }),
    expected: rows.staffRead,
  },
];

describePermissionMatrix("ChatHistoryService permissions", cases);
