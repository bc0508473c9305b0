import { describePermissionMatrix, rows } from "../test/permission-matrix.js";

/** The wall's rpcs × every kind of caller, over Connect and REST: staff read the wall; players get PERMISSION_DENIED. */
describePermissionMatrix("OperationsService permissions", [
  { rpc: "GetOperations", request: () => ({}), expected: rows.staffRead },
  { rpc: "GetOperationsHistory", request: () => ({}), expected: rows.staffRead },
]);
