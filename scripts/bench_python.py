#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The Python package's targets, timed by `scripts/bench --python` (which installs the build and
# saves the table first): `import chopsticks` in a fresh interpreter (target 100 ms, median of
# 7), opening the table, and 1,000,000 random probes of it through the package (target 5 s):
# by index (one batch over a NumPy array) and by code (one batch of strings); single
# table[code] probes (100,000, scaled to a million) for comparison. Wall and CPU seconds, and
# the load average, since the machine may be shared. Writes CSV on stdout.
import os
import subprocess
import sys
import time

import numpy as np

import chopsticks

PROBES = 1_000_000
SINGLE = 100_000
IMPORT = ("import time\nt, c = time.perf_counter(), time.process_time()\nimport chopsticks\n"
          "print(time.perf_counter() - t, time.process_time() - c)")


def timed(fn):
    """(wall seconds, CPU seconds of this process, fn())."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - start, time.process_time() - cpu, result


def import_seconds(runs=7):
    """Median wall and CPU seconds of `import chopsticks` in fresh interpreters."""
    times = sorted(tuple(map(float, subprocess.run([sys.executable, "-c", IMPORT], check=True, capture_output=True,
                                                   text=True).stdout.split())) for _ in range(runs))
    return times[runs // 2]


def main():
    path = sys.argv[1]
    rows = [("import", "import chopsticks (median of 7 fresh interpreters)", 1, *import_seconds(), 0.1)]
    seconds, cpu, table = timed(lambda: chopsticks.Table.open(path))
    rows.append(("open", "Table.open of %s (%d positions)" % (table.game.options, table.game.size), 1, seconds, cpu,
                 ""))
    rng = np.random.default_rng(2026)
    indexes = rng.integers(0, table.game.size, PROBES, dtype=np.uint64)
    seconds, cpu, (values, _) = timed(lambda: table.probe_index(indexes))
    rows.append(("probe_index", "probe_index of %d random indexes (%d reachable)" % (PROBES, np.count_nonzero(values)),
                 PROBES, seconds, cpu, 5.0))
    codes = [table.game.code(int(i)) for i in indexes]
    seconds, cpu, (by_code, _) = timed(lambda: table.probe(codes))
    assert np.array_equal(by_code, values)
    rows.append(("probe_codes", "probe of %d random codes, one batch" % PROBES, PROBES, seconds, cpu, 5.0))
    reachable = [c for c, v in zip(codes, values) if v][:SINGLE]
    seconds, cpu, _ = timed(lambda: [table[c] for c in reachable])
    scale = PROBES / len(reachable)
    rows.append(("probe_single", "table[code] of %d reachable codes, one call each, scaled to %d"
                 % (len(reachable), PROBES), PROBES, seconds * scale, cpu * scale, ""))
    print("case,what,n,seconds,cpu_seconds,per_second,target_s,met,load_average")
    load = os.getloadavg()[0]
    for name, what, n, seconds, cpu, target in rows:
        met = "" if target == "" else ("yes" if seconds < target else "no")
        print('%s,"%s",%d,%.4f,%.4f,%.0f,%s,%s,%.1f' % (name, what, n, seconds, cpu, n / seconds, target, met, load))


if __name__ == "__main__":
    main()
