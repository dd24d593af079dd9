#!/bin/sh
# Entry point of `npm start` and `npm test` on a fresh clone: install what is missing, then hand over
# to the pinned Node 24 from node_modules (the machine's own Node may be older).
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies (npm install)…"
  # npm install rather than npm ci: npm 11 writes lockfiles without other platforms' optional binaries
  # (biome, dbmate) and its own ci then refuses them; install keeps the locked versions all the same.
  npm install --no-audit --no-fund --loglevel=error
fi
exec node_modules/.bin/node "$@"
