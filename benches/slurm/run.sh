#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine from Debian's packages
# (slurm-wlm 22.05, munge), runs a `delve sim` as a job array of shards
# (`sbatch --array`), pools them with `delve pool` and compares the pooled
# JSON with one run's over the same seeds: equal but for games_per_second,
# the machine's pace. Run as root on Debian 12 (it installs packages and
# writes /etc/slurm/slurm.conf); docs/distributed.md tells more.
#
# Usage: benches/slurm/run.sh [DELVE] [SHARDS] [SIM_ARGS...]
#   DELVE     the delve binary (default: target/release/delve, else target/debug/delve)
#   SHARDS    the array's size (default 8)
#   SIM_ARGS  the run (default: clear-the-dungeon --bot heuristic
#             --vs-opt reserve=false --games 2000)
#        benches/slurm/run.sh cluster   only start the cluster and leave it
#                                       running, to try a job script by hand
#        benches/slurm/run.sh stop      stop the daemons `cluster` started
# Environment: KEEP_CLUSTER=1 leaves the daemons running (else those this
# script started are stopped at the end); WORK=DIR keeps the shards there.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(id -u)" != 0 ]; then
    echo "run.sh: run it as root: it installs slurm-wlm and munge and starts their daemons" >&2
    exit 2
fi
pidfiles=(/run/slurmd.pid /run/slurmctld.pid /run/munge/munged.pid)
if [ "${1:-}" = stop ]; then
    for pidfile in "${pidfiles[@]}"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null && echo "stopped $(basename "$pidfile" .pid)"
    done
    exit 0
fi
cluster_only=0
if [ "${1:-}" = cluster ]; then
    cluster_only=1
    KEEP_CLUSTER=1
    shift
fi
delve=${1:-}
if [ -z "$delve" ]; then
    delve=target/release/delve
    [ -x "$delve" ] || delve=target/debug/delve
fi
delve=$(realpath -m "$delve")
shards=${2:-8}
shift $(( $# < 2 ? $# : 2 ))
if [ $# -eq 0 ]; then
    set -- clear-the-dungeon --bot heuristic --vs-opt reserve=false --games 2000
fi
[ -x "$delve" ] || [ "$cluster_only" = 1 ] || { echo "run.sh: no delve binary at $delve (cargo build --release)" >&2; exit 2; }
case $shards in '' | *[!0-9]* | 0) echo "run.sh: SHARDS is a whole number from 1: not '$shards'" >&2; exit 2 ;; esac

step() { printf '== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }

step "installing slurm-wlm and munge"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
dpkg-query -W -f '${Package} ${Version}\n' slurm-wlm munge

started=()
stop() {
    [ "${KEEP_CLUSTER:-0}" = 1 ] && return
    # Only the daemons this script started, by the process ids they wrote.
    for pidfile in "${started[@]}"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
}
trap stop EXIT

step "starting munged as the munge user"
if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
fi
chown munge:munge /etc/munge/munge.key
chmod 400 /etc/munge/munge.key
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
if ! munge -n >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged
    started+=(/run/munge/munged.pid)
fi
munge -n | unmunge | grep STATUS

step "writing /etc/slurm/slurm.conf for this one node"
node=$(hostname -s)
install -d /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
# A single-node cluster for delve's shards (benches/slurm/run.sh).
ClusterName=delve
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$(slurmd -C | head -n 1) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
grep '^NodeName' /etc/slurm/slurm.conf

step "starting slurmctld and slurmd"
if ! scontrol ping >/dev/null 2>&1; then
    slurmctld
    started+=(/run/slurmctld.pid)
fi
if ! pgrep -x slurmd >/dev/null; then
    slurmd
    started+=(/run/slurmd.pid)
fi
for _ in $(seq 60); do
    state=$(sinfo -h -n "$node" -o %t 2>/dev/null || true)
    case $state in idle* | mix* | alloc*) break ;; esac
    scontrol update nodename="$node" state=resume >/dev/null 2>&1 || true
    sleep 1
done
sinfo
if [ "$cluster_only" = 1 ]; then
    echo "the cluster is up: sbatch, squeue and sinfo reach it; \`$0 stop\` stops it"
    exit 0
fi

work=${WORK:-$(mktemp -d /tmp/delve-slurm.XXXXXX)}
mkdir -p "$work"
step "sbatch --array=0-$((shards - 1)): delve sim $* as $shards shards into $work/shards"
started_at=$(date +%s)
job=$(sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task=1 \
    --output="$work/task-%a.log" --job-name=delve-sim \
    --wrap="'$delve' sim $* --jobs 1 --out '$work/shards' --shard \$SLURM_ARRAY_TASK_ID/$shards")
echo "submitted job array $job"
# Polled each second (sbatch --wait polls ever more slowly), with the
# shards' progress every half minute.
polls=0
while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do
    polls=$((polls + 1))
    [ $((polls % 30)) = 0 ] && "$delve" pool --status "$work/shards" | head -n 2
    sleep 1
done
echo "job array $job done in $(( $(date +%s) - started_at )) s"
cat "$work"/task-*.log
"$delve" pool --status "$work/shards"

step "delve pool $work/shards (and --json into pooled.json)"
"$delve" pool --json "$work/shards" > "$work/pooled.json"
"$delve" pool "$work/shards"

step "one run: delve sim $* --json"
started_at=$(date +%s)
"$delve" sim "$@" --json > "$work/single.json"
echo "one run done in $(( $(date +%s) - started_at )) s"

blank() { sed -E 's/"games_per_second":[-0-9.e+]+/"games_per_second":0/g' "$1"; }
if cmp -s <(blank "$work/pooled.json") <(blank "$work/single.json"); then
    echo "EQUAL: the pooled JSON is the one run's, byte for byte but for games_per_second"
    echo "pooled:   $(cat "$work/pooled.json")"
    echo "one run:  $(cat "$work/single.json")"
else
    echo "DIFFERENT:" >&2
    diff <(blank "$work/pooled.json") <(blank "$work/single.json") >&2 || true
    exit 1
fi
