// ESLint for the whole repository (flat config). Besides the usual checks it holds the layout that
// docs/architecture.md describes: the server's domain folders do not know their transport, services
// reach into each other only through their tables and events, platform code is used by services and never the other way
// round; the web app's imports flow app → features → shared, features (each moderation area is one) never import each
// other; no import cycles, no barrel files.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER = "apps/server/src";
const WEB = "apps/web/src";

/** The server's service folders: each owns its handlers, rules and store. */
const SERVICES = ["audit", "character", "chat", "gameserver", "identity", "moderation", "webhooks"];

/** What one service may import from another: its tables, the events it emits (on the cluster bus or in process), and how a write records itself (audit/). */
const SERVICE_SURFACE = [
  "./schema.ts",
  "./character-events.ts",
  "./chat-events.ts",
  "./moderation-events.ts",
  "./identity-events.ts",
  "./sanction-message.ts",
  "./stored-messages.ts",
  "./send-rules.ts",
  "./audit-trail.ts",
  "./audit-actor.ts",
];

const serverZones = [
  // A service's handlers return what they mean; the platform adapts them to gRPC, Connect or REST.
  ...SERVICES.map((service) => ({
    target: `./${SERVER}/${service}`,
    from: `./${SERVER}/platform/rpc`,
    message: "a service does not know its transport: the platform adapts handlers (docs/architecture.md).",
  })),
  // The identity provider is an HTTP application by nature (OIDC's endpoints, its pages), so it alone mounts on
  // platform/http; the rpc services never do.
  ...SERVICES.filter((service) => service !== "identity").map((service) => ({
    target: `./${SERVER}/${service}`,
    from: `./${SERVER}/platform/http`,
    message: "a service does not know its transport: the platform adapts handlers (docs/architecture.md).",
  })),
  // Services meet through their tables (foreign keys, joins), the events one emits and another subscribes to, and
  // what the composition root (compose.ts) hands them; they never build or call each other (docs/architecture.md).
  ...SERVICES.flatMap((service) =>
    SERVICES.filter((other) => other !== service).map((other) => ({
      target: `./${SERVER}/${service}`,
      from: `./${SERVER}/${other}`,
      except: SERVICE_SURFACE,
      message: `${service}/ reaches ${other}/ only through ${SERVICE_SURFACE.join(", ")}; anything else is passed in by compose.ts.`,
    })),
  ),
  // The reference game server is a client, as a studio's would be: the contract's .proto files and grpc-js, none of
  // the server's code (its tests start a real server through test/).
  {
    target: `./${SERVER}/reference-game-server`,
    from: `./${SERVER}`,
    except: ["./reference-game-server", "./test"],
    message: "the reference game server speaks only the contract: it imports nothing of the server (docs/game-servers.md).",
  },
  // Platform code is used by services, never the other way round. platform/db/schema.ts gathers every service's
  // tables for Drizzle; config validates the redirect rules the identity service defines, once at start.
  {
    target: `./${SERVER}/platform`,
    from: SERVICES.map((service) => `./${SERVER}/${service}`),
    except: ["./schema.ts", "./redirect-patterns.ts"],
    message: "platform code never imports a service (docs/architecture.md).",
  },
];

/** Folders directly under `dir`. */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The web app's features, each a unit that imports no other: the folders under features/, except that
 * features/moderation/ groups the moderation areas the way the server's moderation/ does, each area its own feature.
 */
const MODERATION = "moderation";
const features = folders(`${WEB}/features`).flatMap((feature) =>
  feature === MODERATION ? folders(`${WEB}/features/${MODERATION}`).map((area) => `${MODERATION}/${area}`) : [feature],
);

const webZones = [
  ...features.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: "a feature (a moderation area too) never imports another: move what both need to components/ or lib/.",
  })),
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: "imports flow app → features → shared.",
  },
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/app`, `./${WEB}/features`],
    message: "shared code (components/, lib/) never imports app/ or features/.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/gen/**",
      "apps/server/src/compat/protobuf-ts-gen/**",
      "e2e/artifacts/**",
      "test-results/**",
      "playwright-report/**",
      "**/data/**",
      "**/.data*/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      // import-x reads the modules it follows (for no-cycle) only when it knows their extension and parser.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["apps/*/tsconfig.json", "bench/tsconfig.json", "e2e/tsconfig.json", "packages/*/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // An async function that does not await still turns a throw into a rejection, which the interfaces it
      // implements (bus, handlers, fakes of them in tests) rely on; rewriting them as Promise.resolve changes that.
      "@typescript-eslint/require-await": "off",
      // URL and URLSearchParams print what they mean (Node declares them in @types/node, not in TypeScript's lib).
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        {
          allowNumber: true,
          allow: [
            { from: "lib", name: ["Error", "URL", "URLSearchParams"] },
            { from: "package", package: "@types/node", name: ["URL", "URLSearchParams"] },
          ],
        },
      ],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
    },
  },
  {
    // Files outside any tsconfig (build scripts, tool configs): linted without type information.
    files: ["**/*.{js,mjs,cjs}", "scripts/**", "apps/server/*.config.ts", "packages/*/src/**/*.test.ts"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read answers in proto JSON form (one test body for Connect and REST, docs/wire.md) and parsed JSON
    // bodies (the container check too), which are `any` by design; everything else, floating promises included,
    // applies to tests too.
    files: ["**/*.test.{ts,tsx}", "e2e/**", `${SERVER}/test/**`, "scripts/container-check-api.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern: `({}, testInfo)` asks for none.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Tests included: a service's tests reach other services as its code does; whole-server fixtures live in test/.
    files: [`${SERVER}/**/*.ts`],
    rules: { "import-x/no-restricted-paths": ["error", { zones: serverZones }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // react-aria's components (ignored as non-DOM) move focus into the dialog or popover they open, as APG asks.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
      "import-x/no-restricted-paths": ["error", { zones: webZones }],
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "import { z } from lib/zod.ts: it turns off Zod's eval-based parsers, which the page's CSP forbids." }] },
      ],
    },
  },
  {
    files: [`${WEB}/lib/zod.ts`],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Import files directly, not through barrels (docs/architecture.md).
    files: ["apps/*/src/**/index.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "Program", message: "no barrel index files: import the module itself." }],
    },
  },
  {
    files: ["apps/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
