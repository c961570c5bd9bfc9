#!/usr/bin/env python3
"""Checks a hollow shell (the page's `shell`: app/core/volume/hollow.h) with VTK (Debian's
python3-vtk9), filters no one here wrote, against the solid it was made from. Prints one JSON
object.

 - boundary and non-manifold edges of the shell (vtkFeatureEdges; past a million triangles, where
   VTK 9.1's runs out of memory, numpy's count of each edge's triangles), its regions
   (vtkPolyDataConnectivityFilter: one region where the drain holes join the inner surface to the
   outer one, so the air inside reaches the outside), its enclosed volume (vtkMassProperties)
   against the solid's;
 - the wall: each shell point's distance to the solid's surface (vtkStaticCellLocator's closest point).
   Points within OUTER mm of it are the outer surface; of the others, those farther than
   HOLE_CLEAR mm from every drain hole's axis (a segment) are the inner surface, sampled to at
   most 10,000 (every k-th): their distances' least, largest, mean, and how many fall outside
   WALL ± TOLERANCE.

usage: check_shell.py SHELL.(ply|stl) SOLID.(ply|stl) AXES.json WALL [--tolerance 0.2] [--outer 0.15]
       [--hole-clear MM]
AXES.json: [[x0, y0, z0, x1, y1, z1], ...] (hp.stats().shell.holeAxesMm, the files' world mm).
"""
import json
import sys

import numpy as np
import vtk
from vtk.util.numpy_support import vtk_to_numpy


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def read(path):
    reader = {'stl': vtk.vtkSTLReader, 'ply': vtk.vtkPLYReader}[path.rsplit('.', 1)[1].lower()]()
    reader.SetFileName(path)
    clean = vtk.vtkCleanPolyData()  # an STL's corners welded by position, exactly
    clean.SetInputConnection(reader.GetOutputPort())
    clean.SetTolerance(0.0)
    clean.Update()
    return clean.GetOutput()


def edges(pd, boundary):
    if pd.GetNumberOfCells() > 1000000:  # VTK 9.1's vtkFeatureEdges runs out of memory past ~1.5M triangles
        C = vtk_to_numpy(pd.GetPolys().GetConnectivityArray()).reshape(-1, 3)
        E = np.sort(np.concatenate([C[:, [0, 1]], C[:, [1, 2]], C[:, [2, 0]]]), axis=1)
        _, counts = np.unique(E, axis=0, return_counts=True)
        return int(np.count_nonzero(counts == 1) if boundary else np.count_nonzero(counts > 2))
    f = vtk.vtkFeatureEdges()
    f.SetInputData(pd)
    f.SetBoundaryEdges(boundary)
    f.SetNonManifoldEdges(not boundary)
    f.FeatureEdgesOff()
    f.ManifoldEdgesOff()
    f.Update()
    return f.GetOutput().GetNumberOfCells()


def volume(pd):
    m = vtk.vtkMassProperties()
    m.SetInputData(pd)
    m.Update()
    return m.GetVolume()


def segment_distance(p, a, b):
    ab = b - a
    t = np.clip(((p - a) @ ab) / max(ab @ ab, 1e-12), 0, 1)
    return np.linalg.norm(p - (a + np.outer(t, ab)), axis=1)


def main():
    shell, solid = read(sys.argv[1]), read(sys.argv[2])
    axes = np.array(json.load(open(sys.argv[3])), dtype=float).reshape(-1, 6)
    wall = float(sys.argv[4])
    tolerance, outer_mm = arg('--tolerance', 0.2), arg('--outer', 0.15)
    hole_clear = arg('--hole-clear', 5.0)
    conn = vtk.vtkPolyDataConnectivityFilter()
    conn.SetInputData(shell)
    conn.SetExtractionModeToAllRegions()
    conn.Update()
    locator = vtk.vtkStaticCellLocator()  # the closest point on the solid's triangles
    locator.SetDataSet(solid)
    locator.BuildLocator()
    P = vtk_to_numpy(shell.GetPoints().GetData()).astype(float)
    closest, cell, sub, d2 = [0.0, 0.0, 0.0], vtk.reference(0), vtk.reference(0), vtk.reference(0.0)
    d = np.empty(len(P))
    for i, p in enumerate(P):
        locator.FindClosestPoint(p, closest, cell, sub, d2)
        d[i] = np.sqrt(float(d2))
    outer = d < outer_mm
    near_hole = np.zeros(len(P), bool)
    for a in axes:
        near_hole |= segment_distance(P, a[:3], a[3:]) < hole_clear
    inner = np.flatnonzero(~outer & ~near_hole)
    step = max(1, len(inner) // 10000)
    sample = d[inner[::step]]
    off = sample[np.abs(sample - wall) > tolerance]
    print(json.dumps({
        'points': int(len(P)), 'triangles': shell.GetNumberOfCells(),
        'boundaryEdges': edges(shell, True), 'nonManifoldEdges': edges(shell, False),
        'regions': conn.GetNumberOfExtractedRegions(),
        'volume': volume(shell), 'solidVolume': volume(solid),
        'outerPoints': int(outer.sum()), 'nearHoles': int(near_hole.sum()),
        'innerSampled': int(len(sample)),
        'wall': {'min': float(sample.min()) if len(sample) else None, 'max': float(sample.max()) if len(sample) else None,
                 'mean': float(sample.mean()) if len(sample) else None},
        'offWall': int(len(off)), 'offWallFirst': [float(x) for x in off[:5]],
    }))


main()
