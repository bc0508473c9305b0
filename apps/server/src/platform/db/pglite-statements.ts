/**
 * Named (prepared) statements for PGlite, which has none of its own: its `query` parses, analyses and plans the
 * SQL anew on every call, in five calls into WebAssembly (parse, describe, bind, describe, execute) and a sync. A
 * statement with parameters is parsed once under a name here; each later call is one protocol message (bind,
 * describe, execute, sync) into the database, as a PostgreSQL driver's named statement is. Results go through
 * PGlite's own parser, so rows, types and errors are what `query` gives.
 */
import { parse, protocol, type PGlite, type Results, type Transaction } from "@electric-sql/pglite";

type QueryOptions = Parameters<PGlite["query"]>[2];

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** The most statements kept; past it the least recently used is closed. */
const MAX_STATEMENTS = 500;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export function preparedStatements(db: PGlite) {
  const { serialize } = protocol;
  /** SQL text → its statement's name and parameter types (Map order: least recently used first). */
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let next = 1;

  const send = (message: Uint8Array): Promise<BackendMessage[]> => db.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<{ name: string; paramTypes: number[] }> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `sro_${next++}`;
    const described = await send(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      await send(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]));
    }
    return statement;
  }

  async function run<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const { name, paramTypes } = await prepare(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[paramTypes[i]!];
      // PGlite's own query does the same: a type without a serializer goes as the value's text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const messages = await send(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
    );
    return parse.parseResults(messages, db.parsers, options)[0] as Results<T>;
  }

  return {
    /**
     * Like `target.query`: inside a transaction (`tx`) on its session, otherwise waiting for any open transaction
     * as PGlite's own query does. Statements without parameters (migrations, one-off DDL) take PGlite's path.
     */
    query<T>(target: PGlite | Transaction, inTransaction: boolean, sql: string, params: unknown[] | undefined, options?: QueryOptions): Promise<Results<T>> {
      if (!params?.length) return target.query<T>(sql, params, options);
      const once = () => db._runExclusiveQuery(() => run<T>(sql, params, options));
      if (inTransaction) return once();
      return db._runExclusiveTransaction(async () => {
        const result = await once();
        await db.syncToFs();
        return result;
      });
    },
  };
}
