import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each suite starts real servers; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
