#!/usr/bin/env python3
"""Checks a processed mesh file against the unprocessed one with VTK (Debian's python3-vtk9),
a reader and filters no one here wrote: boundary and non-manifold edges (vtkFeatureEdges),
enclosed volume and area (vtkMassProperties), the pieces (vtkPolyDataConnectivityFilter: joined
by shared points, where admesh and the page join by shared edges), and
the mean and largest distance from the processed surface's points to the unprocessed surface
(vtkImplicitPolyDataDistance). Prints one JSON object.

usage: check_mesh.py PROCESSED.(stl|obj|ply) [UNPROCESSED.(stl|obj|ply)]
"""
import json
import sys

import vtk
from vtk.util.numpy_support import vtk_to_numpy


def read(path):
    reader = {'stl': vtk.vtkSTLReader, 'obj': vtk.vtkOBJReader, 'ply': vtk.vtkPLYReader}[path.rsplit('.', 1)[1].lower()]()
    reader.SetFileName(path)
    reader.Update()
    # STL repeats each corner: welded by position (exact), as admesh does; OBJ/PLY are indexed.
    clean = vtk.vtkCleanPolyData()
    clean.SetInputConnection(reader.GetOutputPort())
    clean.SetTolerance(0.0)
    clean.PointMergingOn()
    clean.ConvertLinesToPointsOff()
    clean.ConvertPolysToLinesOff()
    clean.ConvertStripsToPolysOff()
    clean.Update()
    return reader.GetOutput(), clean.GetOutput()


def edges(mesh, boundary, nonmanifold):
    f = vtk.vtkFeatureEdges()
    f.SetInputData(mesh)
    f.BoundaryEdgesOff(); f.FeatureEdgesOff(); f.NonManifoldEdgesOff(); f.ManifoldEdgesOff()
    f.SetBoundaryEdges(boundary)
    f.SetNonManifoldEdges(nonmanifold)
    f.Update()
    return f.GetOutput().GetNumberOfCells()


def pieces(mesh):
    c = vtk.vtkPolyDataConnectivityFilter()
    c.SetInputData(mesh)
    c.SetExtractionModeToAllRegions()
    c.Update()
    return c.GetNumberOfExtractedRegions()


def mass(mesh):
    m = vtk.vtkMassProperties()
    m.SetInputData(mesh)
    m.Update()
    return m.GetVolume(), m.GetSurfaceArea()


def main():
    raw, mesh = read(sys.argv[1])
    volume, area = mass(mesh)
    out = {'cells': raw.GetNumberOfCells(), 'points': mesh.GetNumberOfPoints(),
           'boundaryEdges': edges(mesh, True, False), 'nonManifoldEdges': edges(mesh, False, True),
           'pieces': pieces(mesh), 'volume': volume, 'area': area}
    if len(sys.argv) > 2:
        _, ref = read(sys.argv[2])
        out['refVolume'], out['refArea'] = mass(ref)
        distance = vtk.vtkImplicitPolyDataDistance()
        distance.SetInput(ref)
        points = vtk_to_numpy(mesh.GetPoints().GetData())
        d = [abs(distance.EvaluateFunction(p)) for p in points]
        out['meanDistance'] = sum(d) / len(d)
        out['maxDistance'] = max(d)
    print(json.dumps(out))


main()
