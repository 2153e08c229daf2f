#!/usr/bin/env python3
"""How long `delve pool --status` and `delve pool` take over many shards.

Why this exists: issue 52 found `pool --status` comparing every shard with
every other (100,000 shards: up to 25 s). It now checks each against the
first and a set of those seen; this measures that it grows with the number
of shards, not its square.

What it does: plays one real shard of a run cut into N shards of one seed
each (`delve sim clear-the-dungeon --games N --out DIR --shard 0/N`), writes
the other N - 1 from it (the same header but for the shard and its seed,
one game each), then times `delve pool --status DIR` and `delve pool --json
DIR` for each N asked, in CPU seconds of the child (getrusage) and wall.

Usage (build first: `cargo build --release`):
    python3 benches/many_shards.py [--delve target/release/delve]
        [--shards 1000,10000,100000]
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def timed(args):
    """Runs `args`; its wall and CPU seconds and exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stderr.decode(errors="replace")


def write_shards(delve, folder, n):
    """Shard 0 of n played for real, the others written from its lines."""
    subprocess.run(
        [delve, "sim", "clear-the-dungeon", "--games", str(n), "--out", folder,
         "--shard", f"0/{n}"],
        check=True, stderr=subprocess.DEVNULL,
    )
    with open(os.path.join(folder, f"shard-0-of-{n}.jsonl"), encoding="utf-8") as f:
        header, record, end = (json.loads(line) for line in f.read().splitlines())
    for k in range(1, n):
        header["shard"], header["seeds"] = k, [k, 1]
        record["seed"] = k
        with open(os.path.join(folder, f"shard-{k}-of-{n}.jsonl"), "w", encoding="utf-8") as f:
            f.write("\n".join(json.dumps(x, separators=(",", ":")) for x in (header, record, end)))
            f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delve", default="target/release/delve")
    parser.add_argument("--shards", default="1000,10000,100000")
    args = parser.parse_args()
    for n in (int(x) for x in args.shards.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            write_shards(args.delve, folder, n)
            for command in (["pool", "--status"], ["pool", "--json"]):
                wall, cpu, code, err = timed([args.delve, *command, folder])
                if code != 0:
                    sys.exit(f"{' '.join(command)} over {n} shards: exit {code}: {err}")
                print(f"{n:>7} shards  delve {' '.join(command):<13} {wall:6.2f} s wall, {cpu:6.2f} s CPU")


if __name__ == "__main__":
    main()
