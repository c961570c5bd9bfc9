#!/usr/bin/env python3
"""Runs on the GPU machine (scripts/bench-gpu.sh packs what it needs): the DICOM, mesh-steps and
label-map benchmarks, each page plan in Chromium on the GPU (../shared/gpu-browser/drive.py)
beside its native reference in the same run:
  - dicom: the series written here (tests/dicom/make_series.py, the 512×512×256 int16 CT-like
    series of scripts/bench-dicom.sh, re-encoded JPEG lossless by gdcmconv), opened by the page
    (index.html?bench=dicom), beside `gdcmconv --raw` (tests/dicom/time_gdcmconv.py);
  - mesh: the CT sample processed from the volume and from its welded surface
    (index.html?bench=mesh), beside VTK's filters on that surface (tests/mesh/vtk_steps.cpp);
  - labels: AAL and the procedural 512×512×448 map, 120 labels (index.html?bench=labels), beside
    VTK's discrete flying edges on both (tests/mesh/vtk_flying_edges.cpp);
  - print (asked with --only): issue 42's AAL and CT print targets (index.html?bench=print).
The GPU's clocks are sampled the whole time (drive.py's sampler); each benchmark's file is what
drive.py writes (`result`, `gpu`, `clocks`) with the references' rows in `result.reference`, the
samples of its whole span in `clocks`, and `machine`. Here, node bench/drivers/bench-clocks.mjs
joins the clocks to each row (scripts/bench-gpu.sh join).
Standard library only. --swiftshader runs it on a machine with no GPU (to try it first).

usage: bench-gpu-device.py PACK_DIR OUT_DIR [--chrome PATH] [--swiftshader] [--only dicom,mesh,labels,print]
                           [--labels-query '&modes=scalar'] [--dicom-query '&runs=1'] [--dicom-slices 256]
"""
import argparse, base64, json, os, platform, shutil, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument('pack'); ap.add_argument('out')
ap.add_argument('--chrome', default='/opt/chr/chrome.sh'); ap.add_argument('--swiftshader', action='store_true')
ap.add_argument('--only', default='dicom,mesh,labels')
ap.add_argument('--labels-query', default=''); ap.add_argument('--dicom-query', default='')
ap.add_argument('--dicom-slices', type=int, default=256)
a = ap.parse_args()
pack, out = os.path.abspath(a.pack), os.path.abspath(a.out)
tools = os.path.join(pack, 'tools')
site = os.path.join(pack, 'site')
work = '/tmp/hp-bench-gpu'
os.makedirs(work, exist_ok=True); os.makedirs(out, exist_ok=True)
sys.path.insert(0, pack)
import drive  # noqa: E402  (../shared/gpu-browser/drive.py, packed beside this)

# The native tools' libraries (Debian's) for them alone: never for Python or Chromium.
lib = os.path.join(tools, 'lib')
native = dict(os.environ, LD_LIBRARY_PATH=lib + ':' + os.environ.get('LD_LIBRARY_PATH', ''),
              PATH=os.path.join(tools, 'bin') + ':' + os.environ['PATH'])
env = dict(os.environ, PYTHONPATH=os.path.join(tools, 'py'))
log = open(os.path.join(out, 'log.txt'), 'a')


def say(*msg):
    line = f'[{time.strftime("%H:%M:%S")}] ' + ' '.join(str(m) for m in msg)
    print(line, flush=True); log.write(line + '\n'); log.flush()


def run(cmd, env=env):
    say('$', ' '.join(cmd))
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if p.stderr.strip(): log.write(p.stderr[-4000:] + '\n')
    if p.returncode: raise RuntimeError(f'{cmd[0]} exited {p.returncode}: {p.stderr[-800:]}')
    return p.stdout


def machine():
    cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), platform.processor())
    osr = dict(l.rstrip().split('=', 1) for l in open('/etc/os-release') if '=' in l)
    gpu = subprocess.run(['nvidia-smi', '--query-gpu=name,driver_version', '--format=csv,noheader'], capture_output=True,
                         text=True).stdout.strip() if shutil.which('nvidia-smi') else 'none (SwiftShader)'
    return {'host': platform.node(), 'cpu': cpu, 'cores': os.cpu_count(), 'os': osr.get('PRETTY_NAME', '').strip('"'), 'gpu': gpu}


def page(plan, path, timeout):
    """drive.py on one page plan: its JSON (the page's result, the GPU, drive's own samples)."""
    dest = os.path.join(work, f'{plan}-drive.json')
    cmd = [sys.executable, os.path.join(pack, 'drive.py'), '--chrome', a.chrome, '--site', site, '--path', path,
           '--out', dest, '--timeout', str(timeout)] + (['--swiftshader'] if a.swiftshader else [])
    say('$ drive.py', path)
    p = subprocess.run(cmd, capture_output=True, text=True)
    say(p.stdout.strip()[-600:], p.stderr.strip()[-600:])
    doc = json.load(open(dest))
    log.write(open(dest + '.log').read()[-3000:] + '\n')
    if not doc.get('result') or doc['result'].get('error'):
        raise RuntimeError(f'{plan}: no result ({(doc.get("result") or {}).get("error", "none posted")})')
    return doc


def dicom():
    dims = [512, 512, a.dicom_slices]
    series = os.path.join(work, f'ct-512x512x{dims[2]}-jpeg-lossless')
    if not os.path.exists(os.path.join(series, '.complete')):
        raw = series + '.raw'
        shutil.rmtree(raw, ignore_errors=True); shutil.rmtree(series, ignore_errors=True)
        opts = {'dims': dims, 'type': 'int16', 'bits': 12, 'highNoise': False, 'intercept': -1024,
                'spacing': [0.7, 0.7, 0.8], 'description': 'bench CT'}  # as scripts/bench-dicom.sh
        run([sys.executable, os.path.join(tools, 'make_series.py'), raw, json.dumps(opts)])
        os.makedirs(series)
        names = sorted(f for f in os.listdir(raw) if f.endswith('.dcm'))
        procs = []
        for i, f in enumerate(names):  # gdcmconv --jpeg, as many at once as there are cores
            procs.append(subprocess.Popen(['gdcmconv', '--jpeg', '-i', os.path.join(raw, f), '-o', os.path.join(series, f)], env=native))
            if len(procs) >= os.cpu_count(): procs.pop(0).wait()
        for p in procs: p.wait()
        shutil.rmtree(raw)
        open(os.path.join(series, '.complete'), 'w').close()
    files = sorted(f for f in os.listdir(series) if f.endswith('.dcm'))
    json.dump(files, open(os.path.join(series, 'files.json'), 'w'))
    link = os.path.join(site, 'bench-dicom')
    if os.path.lexists(link): os.remove(link)
    os.symlink(series, link)
    megabytes = sum(os.path.getsize(os.path.join(series, f)) for f in files) / 1048576
    doc = page('dicom', 'index.html?bench=dicom&overlay=0&view=slices' + a.dicom_query, 240)
    decoders = max((r.get('steps') or {}).get('decoders', 1) for r in doc['result']['rows'])
    ref = json.loads(run([sys.executable, os.path.join(tools, 'time_gdcmconv.py'), series, str(decoders), str(os.cpu_count()),
                          '--gdcmconv', os.path.join(tools, 'bin', 'gdcmconv'), '--lib', lib]))
    doc['result'].update(series={'files': len(files), 'megabytes': round(megabytes, 1), 'dims': dims,
                                 'encoding': 'JPEG lossless (gdcmconv --jpeg)'},
                         reference=[{**r, 'tool': ref['tool']} for r in ref['rows']])
    return doc


def mesh():
    doc = page('mesh', 'index.html?bench=mesh&paused=1&clock=fixed&overlay=0&view=none', 240)
    ply = os.path.join(work, 'ct-welded.ply')
    open(ply, 'wb').write(base64.b64decode(doc['result'].pop('input')))
    steps = doc['result']['steps']
    vtk = json.loads(run(['vtk_steps', ply, str(steps['smooth']), str(steps['decimate']), '3'], native))
    doc['result']['reference'] = [{'what': vtk['tool'], 'wallMs': vtk['ms']['total'], **vtk}]
    return doc


def labels():
    doc = page('labels', 'index.html?bench=labels' + a.labels_query, 400)
    aal = json.loads(run(['vtk_flying_edges', os.path.join(tools, 'aal.u8'), '181', '217', '181', 'uint8', '5'], native))
    refs = [{'what': f'{aal["tool"]}: aal', 'volume': 'aal', **aal}]
    if not a.swiftshader:
        proc = json.loads(run(['vtk_flying_edges', 'procedural', '512', '512', '448', 'uint8', '3'], native))
        refs.append({'what': f'{proc["tool"]}: procedural-512x512x448', 'volume': 'procedural-512x512x448', **proc})
    doc['result']['reference'] = refs
    return doc


def print_targets():
    return page('print', 'index.html?bench=print&paused=1&clock=fixed&overlay=0&view=none', 300)


def main():
    info = machine()
    say('machine', json.dumps(info))
    stop = drive.sample_clocks()
    spans, docs = {}, {}
    for name in a.only.split(','):
        t0 = time.time() * 1000
        try:
            docs[name] = {'dicom': dicom, 'mesh': mesh, 'labels': labels, 'print': print_targets}[name]()
        except Exception as e:  # the other benchmarks still run
            say(f'{name} FAILED: {e!r}')
        spans[name] = (t0, time.time() * 1000)
    clocks = stop()
    for name, doc in docs.items():
        lo, hi = spans[name]
        if clocks:
            inside = [s for s in clocks['samples'] if lo - 1000 <= s['epochMs'] <= hi + 1000]
            sm = sorted(s['smMHz'] for s in inside)
            doc['clocks'] = {'fields': clocks['fields'], 'smMHz': {'min': sm[0], 'median': sm[len(sm) // 2], 'max': sm[-1]} if sm else None,
                             'samples': inside}
        doc['machine'] = info
        json.dump(doc, open(os.path.join(out, f'{name}.json'), 'w'))
        say(f'{name}: written, {len(doc["result"]["rows"])} page rows, {len(doc["result"].get("reference", []))} reference rows')


main()
