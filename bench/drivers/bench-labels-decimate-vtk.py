#!/usr/bin/python3
"""VTK beside the page's label decimation (bench/drivers/bench-labels-decimate.mjs): what VTK
(Debian's python3-vtk9 9.1, native filters) does with a label map's meshes when asked to smooth
and decimate them, label by label, as 3D Slicer's Surface Toolbox would: for each label's mesh
(from the page's PLY of the unsmoothed surface nets, labelSmooth=0), vtkCleanPolyData (exact
weld), vtkWindowedSincPolyDataFilter (ITERATIONS, pass band 0.1, normalized coordinates, no
boundary or feature-edge smoothing) and vtkQuadricDecimation (target reduction 1 − FRACTION,
volume preserved). VTK has no filter that keeps two labels' shared faces shared through these
steps, so the interfaces come apart; this counts how far.

Prints one JSON object: the filters' time (time.perf_counter around Update(), the reading not
counted; best of RUNS), the triangles before and after, the interface triangles before (faces
whose other side is a label: each is one of a pair) and the keys still held by two triangles
after (a triangle keyed by its three corners' positions, exactly), so `unpairedEstimate` = the interface's share of the
triangles after (interface × after / before) − 2 × shared: the interface triangles that
no longer meet their other label's).

usage: bench-labels-decimate-vtk.py LABELS.ply [--iterations 10] [--fraction 0.25] [--runs 1]
"""
import json
import os
import sys
import time

import numpy as np
import vtk
from vtk.util.numpy_support import numpy_to_vtk, numpy_to_vtkIdTypeArray, vtk_to_numpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/mesh'))
from check_labels import read_ply  # noqa: E402


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def polydata(V, T):
    used, inverse = np.unique(T.reshape(-1), return_inverse=True)
    pd = vtk.vtkPolyData()
    pts = vtk.vtkPoints()
    pts.SetData(numpy_to_vtk(np.ascontiguousarray(V[used]), deep=True))
    pd.SetPoints(pts)
    cells = np.hstack([np.full((len(T), 1), 3), inverse.reshape(-1, 3)]).astype(np.int64).reshape(-1)
    polys = vtk.vtkCellArray()
    polys.SetCells(len(T), numpy_to_vtkIdTypeArray(cells, deep=True))
    pd.SetPolys(polys)
    return pd


def process(pd, iterations, fraction):
    clean = vtk.vtkCleanPolyData()
    clean.SetInputData(pd)
    clean.SetTolerance(0.0)
    smooth = vtk.vtkWindowedSincPolyDataFilter()
    smooth.SetInputConnection(clean.GetOutputPort())
    smooth.SetNumberOfIterations(iterations)
    smooth.SetPassBand(0.1)
    smooth.NormalizeCoordinatesOn()
    smooth.BoundarySmoothingOff()
    smooth.FeatureEdgeSmoothingOff()
    smooth.NonManifoldSmoothingOn()
    dec = vtk.vtkQuadricDecimation()
    dec.SetInputConnection(smooth.GetOutputPort())
    dec.SetTargetReduction(1.0 - fraction)
    dec.VolumePreservationOn()
    t = time.perf_counter()
    dec.Update()
    return dec.GetOutput(), (time.perf_counter() - t) * 1000


def keys(pd):
    P = vtk_to_numpy(pd.GetPoints().GetData()).astype(np.float32)
    C = vtk_to_numpy(pd.GetPolys().GetConnectivityArray()).reshape(-1, 3)
    corners = np.sort(P[C].view(np.dtype((np.void, 12))).reshape(-1, 3), axis=1)
    return [bytes(r[0]) + bytes(r[1]) + bytes(r[2]) for r in corners]


def main():
    path = sys.argv[1]
    iterations, fraction, runs = arg('--iterations', 10), arg('--fraction', 0.25), arg('--runs', 1)
    V, groups, sides = read_ply(path)
    interface = int(sum(int(np.count_nonzero(other != 0)) for _, other in sides))
    before = int(sum(len(T) for _, T in groups))
    best, outs = None, None
    for _ in range(runs):
        ms, got = 0.0, []
        for _, T in groups:
            out, t = process(polydata(V, T), iterations, fraction)
            ms += t
            got.append(out)
        if best is None or ms < best:
            best, outs = ms, got
    held = {}
    for out in outs:
        for k in keys(out):
            held[k] = held.get(k, 0) + 1
    shared = sum(1 for n in held.values() if n == 2)
    after = int(sum(o.GetNumberOfPolys() for o in outs))
    print(json.dumps({'vtk': vtk.vtkVersion.GetVTKVersion(), 'labels': len(groups), 'iterations': iterations,
                      'fraction': fraction, 'ms': round(best, 1), 'runs': runs, 'trianglesBefore': before,
                      'trianglesAfter': after, 'interfaceTriangles': interface, 'sharedAfter': shared,
                      'unpairedEstimate': max(0, interface * after // max(before, 1) - 2 * shared)}))


main()
