#!/usr/bin/env python3
"""The benchmark's VTK row: the filters of 3D Slicer's Surface Toolbox on the same input mesh the
page processes (Debian's python3-vtk9, native): keep the largest region
(vtkPolyDataConnectivityFilter), smooth (vtkWindowedSincPolyDataFilter, ITERATIONS iterations,
pass band 0.1, normalized coordinates, as Slicer runs it) and decimate to TARGET triangles
(vtkQuadricDecimation, volume preserved). Times each filter (time.perf_counter, the file's
reading not counted), best of RUNS; prints one JSON object.

usage: vtk_steps.py INPUT.ply ITERATIONS TARGET [RUNS]
"""
import json
import sys
import time

import vtk


def run(mesh, iterations, target):
    times = {}
    t = time.perf_counter()
    c = vtk.vtkPolyDataConnectivityFilter()
    c.SetInputData(mesh)
    c.SetExtractionModeToLargestRegion()
    c.Update()
    clean = vtk.vtkCleanPolyData()  # drops the points of the other regions
    clean.SetInputConnection(c.GetOutputPort())
    clean.Update()
    times['largest'] = time.perf_counter() - t
    t = time.perf_counter()
    s = vtk.vtkWindowedSincPolyDataFilter()
    s.SetInputConnection(clean.GetOutputPort())
    s.SetNumberOfIterations(iterations)
    s.SetPassBand(0.1)
    s.BoundarySmoothingOff()
    s.FeatureEdgeSmoothingOff()
    s.NonManifoldSmoothingOn()
    s.NormalizeCoordinatesOn()
    s.Update()
    times['smooth'] = time.perf_counter() - t
    t = time.perf_counter()
    d = vtk.vtkQuadricDecimation()
    d.SetInputConnection(s.GetOutputPort())
    d.SetTargetReduction(1 - target / s.GetOutput().GetNumberOfCells())
    d.VolumePreservationOn()
    d.Update()
    times['decimate'] = time.perf_counter() - t
    times['total'] = sum(times.values())
    return times, d.GetOutput().GetNumberOfCells(), clean.GetOutput().GetNumberOfCells()


def main():
    path, iterations, target = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    reader = vtk.vtkPLYReader()
    reader.SetFileName(path)
    reader.Update()
    mesh = reader.GetOutput()
    best = None
    for _ in range(runs):
        times, cells, largest = run(mesh, iterations, target)
        if best is None or times['total'] < best[0]['total']:
            best = (times, cells, largest)
    times, cells, largest = best
    print(json.dumps({'tool': f'VTK {vtk.vtkVersion.GetVTKVersion()} (python3-vtk9, native)',
                      'inputTriangles': mesh.GetNumberOfCells(), 'largestTriangles': largest,
                      'triangles': cells, 'ms': {k: round(v * 1000, 1) for k, v in times.items()}, 'runs': runs}))


main()
