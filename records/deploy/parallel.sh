#!/bin/sh
# One floor of a records search through GNU parallel: job I runs shard
# I/SHARDS, on the machines HOSTS lists (an --sshloginfile: "2/host" for
# two jobs on host, ":" for this machine), all sharing the folder WORK.
# --joblog with --resume-failed runs again only the shards that did not
# finish, each from its checkpoint; then the shards are merged. The
# shards' own reports are added to $NAME.shards.txt.
#   sh parallel.sh > 7x7-45.txt
# The shard's command is the same line in job.yaml and slurm.sh
# (cmd/rjm's TestShardDeployFiles runs all three on a small board).
set -e
SEARCH=${SEARCH:-"--size 7 --at-least 45"}
SHARDS=${SHARDS:-64}
NAME=${NAME:-7x7-45}
HOSTS=${HOSTS:-hosts}
WORK=${WORK:-/shared/rjm}
export SEARCH SHARDS NAME
cd "$WORK"
seq 0 $((SHARDS - 1)) | parallel --sshloginfile "$HOSTS" --workdir "$WORK" \
    --env SEARCH --env SHARDS --env NAME --env PATH \
    --joblog "$NAME.joblog" --resume-failed --halt now,fail=1 \
    'I={}
rjm records $SEARCH --workers 1 --shard "$I/$SHARDS" --checkpoint "$NAME-$I.ckpt" --out "$NAME-$I.json"' >> "$NAME.shards.txt"
rjm records merge "$NAME"-*.json
