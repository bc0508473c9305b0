import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    pool: "forks",
    // Tests hold calls; hooks hold server starts (a fresh PGlite cluster, migrations, demo accounts' scrypt): 5-10 s
    // on an idle machine, 40-57 s measured at load 17 on 2 cores. Both limits only catch hangs, so they leave room.
    testTimeout: 30_000,
    hookTimeout: 240_000,
    // Each suite starts real servers; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
