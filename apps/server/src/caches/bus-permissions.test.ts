import { describePermissionMatrix, rows } from "../test/permission-matrix.js";

/** sro.BusService × every kind of caller, over Connect and REST: admins only. */
describePermissionMatrix("BusService permissions", [
  { rpc: "ResetReaderBus", request: () => ({ type: "sro.gameserver.map" }), expected: rows.adminOnly },
  { rpc: "ResetWriterBus", request: () => ({ type: "sro.character" }), expected: rows.adminOnly },
]);
