#!/usr/bin/env bash
# npm run db:migration -- <name>
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the
# committed schema (HEAD) and the working one. `prisma migrate dev` cannot be used here: replaying
# earlier migrations into its shadow database fails over the PGlite adapter (multi-statement SQL).
set -euo pipefail
name=${1:?usage: npm run db:migration -- <name>}
previous=$(mktemp --suffix=.prisma)
git show HEAD:prisma/schema.prisma > "$previous"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
# migrate diff needs no database: an in-memory one, so a running server's data directory is no obstacle.
DATABASE_URL= PGLITE_DATA_DIR=:memory: npx prisma migrate diff --from-schema-datamodel "$previous" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
rm -f "$previous"
npx prisma generate >/dev/null
echo "Wrote $dir/migration.sql"
