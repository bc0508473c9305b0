// Comments and docs point into the repository (docs/product.md and the other docs), never at a file outside it or an
// issue number: a reader of a clone has neither. Generated code and dependencies are not ours to word.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

const root = new URL("..", import.meta.url).pathname;
const self = relative(root, new URL(import.meta.url).pathname);

const SKIPPED_DIRECTORIES = new Set(["node_modules", "gen", "protobuf-ts-gen", "dist", "build", "data", "coverage", "test-results", "playwright-report"]);
const CHECKED_FILES = /\.(ts|tsx|js|mjs|cjs|md|sql|proto|css|html|sh|ya?ml)$|^(package\.json|Dockerfile)$/;

// Built from parts so this file does not cite what it forbids.
const OUTSIDE_FILE = new RegExp(`\\b(${["SPEC", "DESIGN", "STYLE", "WIRE"].join("|")})\\.md\\b|\\bSPEC\\b ?§`);
const ISSUE_NUMBER = new RegExp(`\\b[Ii]ssues?[- ]#?\\d+`);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* sourceFiles(path);
    } else if (CHECKED_FILES.test(entry.name)) {
      yield relative(root, path);
    }
  }
}

/** Every line of the repository's own sources and docs that matches `pattern`, as `path:line: text`. */
function citations(pattern) {
  const found = [];
  for (const file of sourceFiles(root)) {
    if (file === self) continue;
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

test("no comment or doc cites a specification file outside the repository (point to docs/product.md instead)", () => {
  assert.deepEqual(citations(OUTSIDE_FILE), []);
});

test("no comment or doc cites an issue number (say the rule, or point to the doc that states it)", () => {
  assert.deepEqual(citations(ISSUE_NUMBER), []);
});
