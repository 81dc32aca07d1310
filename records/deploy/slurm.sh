#!/bin/sh
# One floor of a records search as a Slurm array job: task I runs shard
# I/SHARDS (its index in SLURM_ARRAY_TASK_ID); a requeued task resumes
# from its checkpoint. Run it from a folder all nodes share:
#   sbatch slurm.sh
#   sbatch --dependency=afterok:JOBID --wrap 'rjm records merge 7x7-45-*.json > 7x7-45.txt'
# The array's range is 0 to SHARDS-1. The shard's command is the same
# line in job.yaml and parallel.sh (cmd/rjm's TestShardDeployFiles runs
# all three on a small board).
#SBATCH --job-name=rjm-7x7-45
#SBATCH --array=0-63
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=12:00:00
#SBATCH --requeue
#SBATCH --output=rjm-7x7-45-%a.log
set -e
SEARCH=${SEARCH:-"--size 7 --at-least 45"}
SHARDS=${SHARDS:-64}
NAME=${NAME:-7x7-45}
I=$SLURM_ARRAY_TASK_ID
rjm records $SEARCH --workers 1 --shard "$I/$SHARDS" --checkpoint "$NAME-$I.ckpt" --out "$NAME-$I.json"
