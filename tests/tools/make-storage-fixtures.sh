#!/bin/sh

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Regenerates tests/data/storage/skein-vN.db for N = 1..2: a database at schema version N (the
# migrations 0001..N applied, the rows written after 0001 as a version-1 binary did) with a small
# branching conversation, so tst_upgrade can check that every later migration upgrades real old
# files. Run inside the build root:
#   scripts/sysroot run -- tests/tools/make-storage-fixtures.sh
# Add N to the list below whenever a migration N+1 is added.
set -eu
cd "$(dirname "$0")/../.."
for version in 1 2; do
out=tests/data/storage/skein-v$version.db
rm -f "$out"
{
  echo 'PRAGMA foreign_keys=ON;'
  echo 'BEGIN;'
  cat resources/sql/0001_initial.sql
  cat <<'SQL'
INSERT INTO sessions (id, title, title_is_user, created_at, updated_at, system_prompt, active_leaf_id, version)
  VALUES ('11111111-1111-4111-8111-111111111111', 'Old trip plans', 1, 1700000000000, 1700000100000,
          'Be brief', '55555555-5555-4555-8555-555555555555', 3);
INSERT INTO messages (id, session_id, parent_id, role, content, status, created_at, completed_at) VALUES
  ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', NULL, 'user',
   'Where should I go in 杭州?', 'complete', 1700000001000, 1700000001000),
  ('33333333-3333-4333-8333-333333333333', '11111111-1111-4111-8111-111111111111',
   '22222222-2222-4222-8222-222222222222', 'assistant', 'Start at 西湖 (West Lake).', 'complete',
   1700000002000, 1700000003000),
  ('44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111',
   '22222222-2222-4222-8222-222222222222', 'assistant', 'Lingyin Temple first.', 'interrupted',
   1700000004000, NULL),
  ('55555555-5555-4555-8555-555555555555', '11111111-1111-4111-8111-111111111111',
   '33333333-3333-4333-8333-333333333333', 'user', 'And where to eat?', 'complete',
   1700000005000, 1700000005000);
INSERT INTO memories (id, scope, type, content, source_session_id, source_message_id, status, confidence,
                      created_at, updated_at)
  VALUES ('66666666-6666-4666-8666-666666666666', 'global', 'preference', 'Likes walking tours',
          '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', 'active', 0.9,
          1700000006000, 1700000006000);
SQL
  for n in $(seq 2 "$version"); do
    cat resources/sql/$(printf %04d "$n")_*.sql
  done
  echo "PRAGMA user_version = $version;"
  echo 'COMMIT;'
} | sqlite3 "$out"
sqlite3 "$out" 'PRAGMA journal_mode=DELETE; VACUUM;' >/dev/null
echo "wrote $out (schema version $(sqlite3 "$out" 'PRAGMA user_version'))"
done
