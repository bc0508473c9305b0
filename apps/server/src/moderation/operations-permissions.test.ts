import { Code } from "@connectrpc/connect";
import { describePermissionMatrix, rows } from "../test/permission-matrix.js";

/**
 * The wall's rpcs × every kind of caller, over Connect and REST: staff read the wall; players get PERMISSION_DENIED.
 * Every signed-in caller asks for the queue counts (queue-counts.test.ts: which figures each gets).
 */
describePermissionMatrix("OperationsService permissions", [
  { rpc: "GetOperations", request: () => ({}), expected: rows.staffRead },
  { rpc: "GetOperationsHistory", request: () => ({}), expected: rows.staffRead },
  { rpc: "GetModerationFigures", request: () => ({ window: "FIGURES_WINDOW_HOUR" }), expected: rows.staffRead },
  {
    rpc: "GetQueueCounts",
    request: () => ({}),
    expected: { anonymous: Code.Unauthenticated, owner: "ok", nonOwner: "ok", moderator: "ok", admin: "ok", banned: "ok", gameserver: "ok" },
  },
]);
