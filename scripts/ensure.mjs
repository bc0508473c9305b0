#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies (npm ci) and builds the apps when they are missing or stale.
// `npm start`, `npm test`, `npm run seed` and `npm run bench` call this first; it is quick when nothing changed.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const run = (command) => execSync(command, { cwd: root, stdio: "inherit" });

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

// npm records what it installed in node_modules/.package-lock.json; older than the lockfile means stale.
const installed = join(root, "node_modules/.package-lock.json");
if (!existsSync(installed) || mtime(installed) < mtime(join(root, "package-lock.json"))) {
  console.log("[ensure] installing dependencies (npm ci)…");
  run("npm ci --no-audit --no-fund");
}

const builds = [
  {
    name: "table-query",
    output: "packages/table-query/dist/index.js",
    inputs: ["packages/table-query/src", "packages/table-query/tsconfig.json", "packages/table-query/package.json"],
    command: "npm run build -w packages/table-query",
  },
  {
    name: "server",
    output: "apps/server/dist/main.js",
    inputs: [
      "apps/server/src",
      "packages/table-query/src",
      "apps/server/drizzle",
      "apps/server/tsconfig.json",
      "apps/server/tsconfig.build.json",
      "apps/server/package.json",
    ],
    command: "npm run build -w apps/server",
  },
  {
    name: "web",
    output: "apps/web/dist/index.html",
    inputs: ["apps/web/src", "packages/table-query/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/package.json"],
    command: "npm run build -w apps/web",
  },
];
for (const build of builds) {
  if (!existsSync(join(root, build.inputs[0]))) continue;
  if (build.name === "web" && !existsSync(join(root, "apps/web/index.html"))) continue;
  const newestInput = Math.max(...build.inputs.map((p) => newestMtime(join(root, p))), mtime(installed));
  if (mtime(join(root, build.output)) < newestInput) {
    console.log(`[ensure] building ${build.name}…`);
    run(build.command);
  }
}
