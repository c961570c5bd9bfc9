#!/usr/bin/python3
"""The baseline for classify=labels: VTK's discrete flying edges (vtkDiscreteFlyingEdges3D,
Debian's python3-vtk9 9.1, native) on a label map, every label present but 0 given at once
(SetValue(i, label)), normals off, scalars on: the way 3D Slicer's joint mode runs it.

Times Update() on the same vtkImageData (time.perf_counter; the filter marked modified before
each run; 1 warm-up and RUNS timed runs, default 5; also the process's CPU time in them), then per label the volume enclosed by its mesh
(vtkThreshold on the output's point scalars between label ± 0.5 -> vtkGeometryFilter ->
vtkMassProperties) against its voxel count × the voxel's volume. Prints one JSON object: the
times (min and median ms), the triangles and points, and the relative volume error
(mesh − voxels) / voxels over the labels with at least 1000 voxels: median and largest of its
size, median of its sign, and the worst labels.

usage: bench-labels-vtk.py VOLUME.nii.gz [--runs N] [--threads N] [--no-volumes] [--obj OUT.obj]
       bench-labels-vtk.py --synthetic [--save OUT.nii.gz] [--runs N] [--threads N] [--no-volumes] [--obj OUT.obj]

--threads N: vtkSMPTools.Initialize(N) (default: what VTK's SMP backend chooses, all cores).

--obj writes the meshes as the page's OBJ has them (a `g label_N` group per label, each label
its own vertices, positions in millimetres from the volume's corner voxel), for
tests/mesh/check_labels.py.

--synthetic builds the procedural label volume below in numpy, exactly as a page can build it in
JavaScript (integer arithmetic only, so the labels are the same bit for bit):
  dims 512 × 512 × 448 (x fastest), spacing 1 mm, uint8, 120 labels (1..120) and 0 outside.
  PRNG: mulberry32 with seed 20240601 (the 32-bit JS one:
      a = (a + 0x6D2B79F5) | 0; t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296).
  Ellipsoid: centre (256, 256, 224), semi-axes A = 230, B = 230, C = 201 voxels; voxel (x, y, z)
      is inside when dx²·B²·C² + dy²·A²·C² + dz²·A²·B² <= A²·B²·C² (dx = x − 256, dy = y − 256,
      dz = z − 224; every term an integer below 2^53).
  Seeds: 120 of them, drawn in order; each draws x = floor(r()·512), y = floor(r()·512),
      z = floor(r()·448) (three calls, in that order) and is kept if inside the ellipsoid, else
      redrawn.
  Labels: a voxel inside the ellipsoid gets 1 + the index of the seed nearest to it
      (squared distance (x−sx)² + (y−sy)² + (z−sz)², integers; a tie goes to the lower index);
      a voxel outside gets 0. (Voronoi cells of the seeds, clipped by the ellipsoid.)
  Its check: the report's volume.adler32 (Adler-32 of the 117,440,512 label bytes, x fastest,
      then y, then z), volume.voxelsOfLabels1to3 and volume.firstSeeds.
"""
import json
import os
import statistics
import sys
import time
import zlib

import numpy as np
import vtk
from vtk.util.numpy_support import numpy_to_vtk, vtk_to_numpy

SYN_DIMS = (512, 512, 448)
SYN_SEED = 20240601
SYN_LABELS = 120
SYN_CENTRE = (256, 256, 224)
SYN_AXES = (230, 230, 201)


def mulberry32(seed):
    a = seed & 0xFFFFFFFF

    def imul(x, y):
        return (x * y) & 0xFFFFFFFF

    def r():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(a ^ (a >> 15), 1 | a)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296
    return r


def synthetic():
    """(labels as a (X, Y, Z) uint8 array, spacing, description): see the module's doc."""
    X, Y, Z = SYN_DIMS
    cx, cy, cz = SYN_CENTRE
    A, B, C = SYN_AXES
    A2, B2, C2 = A * A, B * B, C * C

    def inside(dx, dy, dz):
        return dx * dx * B2 * C2 + dy * dy * A2 * C2 + dz * dz * A2 * B2 <= A2 * B2 * C2
    r = mulberry32(SYN_SEED)
    seeds = []
    while len(seeds) < SYN_LABELS:
        x, y, z = int(r() * X), int(r() * Y), int(r() * Z)
        if inside(x - cx, y - cy, z - cz):
            seeds.append((x, y, z))
    S = np.array(seeds, dtype=np.int64)
    out = np.zeros((Z, Y, X), np.uint8)  # [z, y, x]: x fastest in memory
    xs = np.arange(X, dtype=np.int64)
    ys = np.arange(Y, dtype=np.int64)
    # the squared distance in x and y to each seed, the same for every slice: [pixel, seed]
    dxy = ((ys[:, None, None] - S[None, None, :, 1]) ** 2 + (xs[None, :, None] - S[None, None, :, 0]) ** 2)
    dxy = dxy.reshape(X * Y, SYN_LABELS).astype(np.int32)
    ex = (xs - cx) ** 2 * (B2 * C2)
    ey = (ys - cy) ** 2 * (A2 * C2)
    exy = (ey[:, None] + ex[None, :]).reshape(-1)
    for z in range(Z):
        rest = A2 * B2 * C2 - (z - cz) ** 2 * (A2 * B2)
        if rest < 0:
            continue
        at = np.flatnonzero(exy <= rest)
        if not len(at):
            continue
        d = dxy[at] + ((z - S[:, 2]) ** 2).astype(np.int32)[None, :]
        out[z].reshape(-1)[at] = (np.argmin(d, axis=1) + 1).astype(np.uint8)
    return out.transpose(2, 1, 0), (1.0, 1.0, 1.0), seeds


def read_nifti(path):
    import nibabel as nib
    img = nib.load(path)
    data = np.asanyarray(img.dataobj)
    if data.ndim == 4 and data.shape[3] == 1:
        data = data[..., 0]
    if data.ndim != 3:
        raise SystemExit(f'{path}: {data.ndim} dimensions, not a 3D label map')
    if not np.issubdtype(data.dtype, np.integer):
        if not np.all(np.isfinite(data)) or not np.all(data == np.round(data)):
            raise SystemExit(f'{path}: values that are not integers: not a label map')
        data = data.astype(np.int64)
    spacing = tuple(float(s) for s in img.header.get_zooms()[:3])
    return data, spacing, str(img.header.get_data_dtype())


def image_data(labels, spacing):
    """vtkImageData of the (X, Y, Z) label array (x fastest), in the smallest integer type."""
    top = int(labels.max())
    typ = np.uint8 if top < 256 and labels.min() >= 0 else np.uint16 if top < 65536 and labels.min() >= 0 else np.int32
    flat = np.ascontiguousarray(labels.astype(typ, copy=False).transpose(2, 1, 0)).reshape(-1)
    img = vtk.vtkImageData()
    img.SetDimensions(*labels.shape)
    img.SetSpacing(*spacing)
    img.SetOrigin(0.0, 0.0, 0.0)
    arr = numpy_to_vtk(flat, deep=True)
    arr.SetName('labels')
    img.GetPointData().SetScalars(arr)
    return img, flat


def write_obj_group(f, name, poly, base):
    P = vtk_to_numpy(poly.GetPoints().GetData())
    polys = poly.GetPolys()
    conn = vtk_to_numpy(polys.GetConnectivityArray()).reshape(-1, 3) + base + 1
    f.write(''.join(f'v {x:.9g} {y:.9g} {z:.9g}\n' for x, y, z in P.tolist()))
    f.write(f'g {name}\n')
    f.write(''.join(f'f {a} {b} {c}\n' for a, b, c in conn.tolist()))
    return base + len(P)


def main(argv):
    runs, volumes, obj, save, synth, path, threads = 5, True, None, None, False, None, 0
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--runs':
            runs = int(argv[i + 1]); i += 1
        elif a == '--threads':
            threads = int(argv[i + 1]); i += 1
        elif a == '--no-volumes':
            volumes = False
        elif a == '--obj':
            obj = argv[i + 1]; i += 1
        elif a == '--save':
            save = argv[i + 1]; i += 1
        elif a == '--synthetic':
            synth = True
        elif not a.startswith('-') and path is None:
            path = a
        else:
            raise SystemExit(__doc__)
        i += 1
    if synth == (path is not None):
        raise SystemExit(__doc__)
    report = {}
    t = time.perf_counter()
    if synth:
        labels, spacing, seeds = synthetic()
        report['volume'] = {'name': 'synthetic', 'dims': list(labels.shape), 'spacing': list(spacing), 'type': 'uint8',
                            'seed': SYN_SEED, 'labelsAsked': SYN_LABELS, 'firstSeeds': seeds[:3]}
        if save:
            import nibabel as nib
            nib.save(nib.Nifti1Image(labels, np.eye(4)), save)
    else:
        labels, spacing, dtype = read_nifti(path)
        report['volume'] = {'name': os.path.basename(path), 'dims': list(labels.shape), 'spacing': list(spacing), 'type': dtype}
    report['volume']['madeSeconds'] = round(time.perf_counter() - t, 2)
    if labels.min() < 0:
        raise SystemExit('negative labels: not handled')
    counts = np.bincount(labels.reshape(-1))
    present = [int(l) for l in np.flatnonzero(counts) if l != 0]
    report['volume']['labels'] = len(present)
    report['volume']['labelVoxels'] = int(counts[1:].sum())
    img, keep = image_data(labels, spacing)
    # a check a page that builds the same volume can make: Adler-32 of the labels as bytes, x fastest
    report['volume']['adler32'] = zlib.adler32(memoryview(keep).cast('B'))
    report['volume']['voxelsOfLabels1to3'] = [int(c) for c in counts[1:4]]

    if threads:
        vtk.vtkSMPTools.Initialize(threads)
    fe = vtk.vtkDiscreteFlyingEdges3D()
    fe.SetInputData(img)
    fe.SetNumberOfContours(len(present))
    for k, label in enumerate(present):
        fe.SetValue(k, label)
    fe.ComputeNormalsOff()
    fe.ComputeGradientsOff()
    fe.ComputeScalarsOn()
    fe.InterpolateAttributesOff()
    times, cpu = [], []
    for k in range(runs + 1):
        fe.Modified()
        c = time.process_time()
        t = time.perf_counter()
        fe.Update()
        ms = (time.perf_counter() - t) * 1000
        if k:
            times.append(ms)
            cpu.append((time.process_time() - c) * 1000)
    out = fe.GetOutput()
    report['vtk'] = {'version': vtk.vtkVersion.GetVTKVersion(), 'filter': 'vtkDiscreteFlyingEdges3D'}
    smp = vtk.vtkSMPTools
    if hasattr(smp, 'GetBackend'):
        report['vtk']['smpBackend'] = smp.GetBackend()
    if hasattr(smp, 'GetEstimatedNumberOfThreads'):
        report['vtk']['threads'] = smp.GetEstimatedNumberOfThreads()
    report['runs'] = runs
    report['ms'] = {'min': round(min(times), 1), 'median': round(statistics.median(times), 1),
                    'all': [round(x, 1) for x in times],
                    # the CPU time of all the process's threads in the same runs: where the wall time
                    # is well above cpu / threads, the machine was busy with something else
                    'cpuMedian': round(statistics.median(cpu), 1)}
    report['triangles'] = out.GetNumberOfPolys()
    report['points'] = out.GetNumberOfPoints()

    if volumes or obj:
        scalars = out.GetPointData().GetScalars()
        name = scalars.GetName() if scalars is not None else None
        voxel = spacing[0] * spacing[1] * spacing[2]
        per, errors = [], []
        f = open(obj, 'w') if obj else None
        base = 0
        t = time.perf_counter()
        for label in present:
            th = vtk.vtkThreshold()
            th.SetInputData(out)
            th.SetInputArrayToProcess(0, 0, 0, vtk.vtkDataObject.FIELD_ASSOCIATION_POINTS, name)
            th.SetLowerThreshold(label - 0.5)
            th.SetUpperThreshold(label + 0.5)
            th.SetThresholdFunction(vtk.vtkThreshold.THRESHOLD_BETWEEN)
            geo = vtk.vtkGeometryFilter()
            geo.SetInputConnection(th.GetOutputPort())
            geo.Update()
            poly = geo.GetOutput()
            if f is not None:
                base = write_obj_group(f, f'label_{label}', poly, base)
            if not volumes:
                continue
            m = vtk.vtkMassProperties()
            m.SetInputData(poly)
            m.Update()
            mesh = m.GetVolume() if poly.GetNumberOfPolys() else 0.0
            vox = int(counts[label]) * voxel
            err = (mesh - vox) / vox
            per.append({'label': label, 'voxels': int(counts[label]), 'triangles': poly.GetNumberOfPolys(),
                        'meshVolume': round(mesh, 3), 'voxelVolume': round(vox, 3), 'error': round(err, 5)})
            if counts[label] >= 1000:
                errors.append(err)
        if f is not None:
            f.close()
        if volumes:
            size = [abs(e) for e in errors]
            report['volumeError'] = {
                'labelsCounted': len(errors), 'labelsUnder1000Voxels': len(present) - len(errors),
                'medianAbs': round(statistics.median(size), 5) if size else None,
                'meanAbs': round(statistics.fmean(size), 5) if size else None,
                'maxAbs': round(max(size), 5) if size else None,
                'medianSigned': round(statistics.median(errors), 5) if errors else None,
                'totalMesh': round(sum(p['meshVolume'] for p in per), 1),
                'totalVoxels': round(sum(p['voxelVolume'] for p in per), 1),
                'worst': sorted((p for p in per if p['voxels'] >= 1000), key=lambda p: -abs(p['error']))[:5],
                'smallest': sorted(per, key=lambda p: p['voxels'])[:3],
                'seconds': round(time.perf_counter() - t, 1)}
    print(json.dumps(report))


if __name__ == '__main__':
    main(sys.argv[1:])
