#!/usr/bin/env node
// protobuf-ts writes extensionless relative imports; the server compiles as NodeNext ES modules, which need ".js".
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The output directory: protobuf-ts-gen in src/compat, or the one given (the freshness test generates elsewhere).
const dir = process.argv[2] ?? new URL("../apps/server/src/compat/protobuf-ts-gen", import.meta.url).pathname;
for (const entry of readdirSync(dir, { recursive: true })) {
  const file = join(dir, String(entry));
  if (!file.endsWith(".ts")) continue;
  const source = readFileSync(file, "utf8");
  const fixed = source.replace(/(from "\.{1,2}\/[^"]+?)(?<!\.js)"/g, '$1.js"');
  if (fixed !== source) writeFileSync(file, fixed);
}
