#!/bin/sh
# The backup service of compose.yaml (docs/operations.md, "Backups").
#   backups.sh schedule       its command: the stanza is created if new and checked (WAL reaches the bucket), a backup
#                             is taken at once when the newest is more than a day old (a first start, a host that was
#                             down at 02:00), then one every day at 02:00 UTC: full on Sundays, differential otherwise.
#                             pgBackRest expires the oldest full backup, with its differentials and WAL, once it keeps
#                             more than repo1-retention-full.
#   backups.sh fresh [HOURS]  its health check: exits 0 when the newest backup finished less than HOURS (26) ago.
# A loop rather than cron: cron starts its jobs without the container's environment, where the bucket's settings are.
set -eu

STANZA=darsak

# Seconds since the newest backup finished (since 1970 when there is none).
newest_backup_age() {
  stopped=$(pgbackrest --stanza="$STANZA" --log-level-console=warn info --output=json |
    jq '.[0].backup[-1].timestamp.stop // 0')
  echo $(($(date +%s) - stopped))
}

fresh() {
  [ "$(newest_backup_age)" -lt $((${1:-26} * 3600)) ]
}

# The next 02:00 UTC, in seconds since 1970.
next_run() {
  today=$(date -u -d 'today 02:00' +%s)
  if [ "$today" -gt "$(date +%s)" ]; then echo "$today"; else date -u -d 'tomorrow 02:00' +%s; fi
}

schedule() {
  pgbackrest --stanza="$STANZA" stanza-create
  pgbackrest --stanza="$STANZA" check
  # Without any backup yet, pgBackRest makes this differential a full one.
  fresh 24 || pgbackrest --stanza="$STANZA" --type=diff backup
  while :; do
    sleep $(($(next_run) - $(date +%s)))
    if [ "$(date -u +%u)" = 7 ]; then type=full; else type=diff; fi
    pgbackrest --stanza="$STANZA" --type="$type" backup ||
      echo "the $type backup failed: the service turns unhealthy when no backup is newer than 26 hours" >&2
  done
}

case "${1:-}" in
schedule) schedule ;;
fresh) fresh "${2:-26}" ;;
*)
  echo "usage: backups.sh schedule | fresh [HOURS]" >&2
  exit 2
  ;;
esac
