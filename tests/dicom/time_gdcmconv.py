#!/usr/bin/env python3
"""The DICOM benchmark's native reference: GDCM's own converter decoding the series,
`gdcmconv --raw IN OUT` once a file (process start, read, decode and write included), timed over
the whole folder, files back to back with 1 process and with each count of processes given (as the
page's decoders share the files). Prints one JSON object: each row's wall time, ms a file,
and its span in ms since the epoch (startMs, endMs: the clock the GPU machine's clock samples carry).
Standard library only (the GPU machine has no more).

usage: time_gdcmconv.py DICOM_DIR [PROCESSES ...] [--gdcmconv PATH] [--lib DIR]
  --lib: a folder of the libraries gdcmconv needs (carried to the GPU machine), for it alone.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time


def main():
    args = sys.argv[1:]
    opts = {'--gdcmconv': 'gdcmconv', '--lib': None}
    for k in opts:
        if k in args:
            i = args.index(k)
            opts[k] = args[i + 1]
            del args[i:i + 2]
    tool = opts['--gdcmconv']
    env = dict(os.environ, LD_LIBRARY_PATH=opts['--lib']) if opts['--lib'] else None
    folder, counts = args[0], sorted({1, *(int(a) for a in args[1:])})
    files = sorted(f for f in os.listdir(folder) if f.endswith('.dcm'))
    version = subprocess.run([tool, '--version'], capture_output=True, text=True, env=env).stdout.strip().splitlines()
    rows = []
    with tempfile.TemporaryDirectory() as out:
        def one(f):
            subprocess.run([tool, '--raw', '-i', os.path.join(folder, f), '-o', os.path.join(out, f)], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        one(files[0])  # warm: the binary and its libraries read once
        for n in counts:
            start, t = time.time(), time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(n) as pool:
                list(pool.map(one, files))
            wall = (time.perf_counter() - t) * 1000
            rows.append({
                'what': f'gdcmconv --raw, {n} process{"es" if n > 1 else ""}', 'processes': n, 'regime': 'saturated',
                'files': len(files), 'wallMs': round(wall, 1), 'msPerFile': round(wall / len(files), 2),
                'startMs': round(start * 1000), 'endMs': round(time.time() * 1000)})
    print(json.dumps({'tool': version[0] if version else tool, 'cpus': os.cpu_count(), 'rows': rows}))


main()
