# SRO Web: one image, one process, one port. Checked in CI by scripts/container-check.sh (podman, docker format).
# Build: docker build -t sro-web .   Run: docker run -p 8080:8080 -v sro-data:/data sro-web   (docs/deploy.md)

# Build the server and the SPA with every dev tool.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/table-query/package.json packages/table-query/
COPY proto/package.json proto/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only: no web, e2e or bench packages, no build tools, no install scripts.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/server --ignore-scripts --no-audit --no-fund

FROM node:24-bookworm-slim
# No demo accounts in an image: SEED_DEMO=true brings them back (trying it out); the log says how to make an admin.
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data SEED_DEMO=false
# Staff sign in with a second factor in an image, whatever SEED_DEMO says.
ENV SECOND_FACTOR_GROUPS=/Moderator,/Moderator/Admin
# V8's heap limit, the one `npm run bench -- soak` tests: give the container 1 GiB with PostgreSQL, 1.5 GiB with
# PGlite (docs/deploy.md, Memory).
ENV NODE_OPTIONS=--max-old-space-size=512
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/table-query/package.json packages/table-query/
COPY --from=build /app/packages/table-query/dist packages/table-query/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# PGlite's directory (mount a volume here); a fresh named volume takes over this owner.
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
