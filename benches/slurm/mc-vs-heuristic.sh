#!/bin/sh
# The mc bot against the ruleset's own on 10,000 seeds of Clear the
# Dungeon, as a Slurm job array of 100 shards (docs/distributed.md, which
# shows this file). Submit it from the folder that will hold runs/:
#   mkdir -p runs/mc-vs-heuristic && sbatch mc-vs-heuristic.sh
#SBATCH --job-name=mc-vs-heuristic
#SBATCH --array=0-99
#SBATCH --cpus-per-task=1
#SBATCH --time=30:00
#SBATCH --mem=100M
#SBATCH --output=runs/mc-vs-heuristic/task-%a.log
delve sim clear-the-dungeon --bot mc --vs-bot heuristic --games 10000 --jobs 1 \
    --out runs/mc-vs-heuristic --shard "$SLURM_ARRAY_TASK_ID/100"
