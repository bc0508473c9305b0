// Every table of the system, for drizzle-kit and for typed queries. Each service owns its own schema file.
export * from "../../character/schema.js";
export * from "../../gameserver/schema.js";
export * from "../../chat/schema.js";
export * from "../../identity/schema.js";
export * from "../../audit/schema.js";
export * from "../../moderation/schema.js";
export * from "../../webhooks/schema.js";
