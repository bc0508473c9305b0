import type { Db } from "../platform/db/database.js";

/** A transaction of the moderation stores: one write and its audit record commit or roll back together. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
