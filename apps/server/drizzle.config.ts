import { defineConfig } from "drizzle-kit";

// Migrations are generated from the service schemas (`npm run db:generate -w apps/server`) and applied at start.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/character/schema.ts",
    "./src/gameserver/schema.ts",
    "./src/chat/schema.ts",
    "./src/identity/schema.ts",
    "./src/audit/schema.ts",
    "./src/moderation/schema.ts",
    "./src/webhooks/schema.ts",
  ],
  out: "./drizzle",
});
