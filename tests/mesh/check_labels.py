#!/usr/bin/env python3
"""Checks the meshes of a label map (classify=labels: one closed mesh per label) with VTK
(Debian's python3-vtk9) and numpy, tools no one here wrote. Prints one JSON object.

Per group (an OBJ `g NAME`, or a glTF mesh/node): the triangles, boundary and non-manifold edges
(vtkFeatureEdges), enclosed volume and surface area (vtkMassProperties) and the signed volume
(numpy: positive where the triangles wind counter-clockwise seen from outside). The group's
corners are welded by exact position first (as vtkCleanPolyData with tolerance 0 would; a mesh
whose vertices are shared already is unchanged); `duplicatePositions` counts the vertices that
this merged, `degenerate` the triangles that then have two equal corners (left out).

Then the interface check across groups: each triangle is keyed by its three corner positions
(the floats as written, compared exactly) as a set. A key may be held by at most two triangles;
where two hold it they must be of two different groups and wind opposite ways (the cyclic order
reversed): the face between two labels, seen from each. `alone` counts the keys held once
(a face against the background), `shared` those held by two, `violations` lists up to 10 of
the others (3 or more holders, two of one group, or the same winding), `violationCount` all.

With a PLY (the page's: binary, per face its `label` and `other_label`, the label on its other
side, 0 the background) the pairs are checked too: a triangle whose other side is the background
must be held once; one whose other side is label O must have its twin (the same corners, the
other winding) in O's group, whose other side is its own label. O not in the file (a file of the
shown labels) is not looked for (`twinsElsewhere` counts those). `pairViolations` lists up to 10
of what fails (a crack: two labels' faces that no longer meet are each held once, which the
interface check alone takes for faces against the background), `pairViolationCount` all. VTK's
vtkPLYReader reads the same file: its points and triangles must be those read here.

The exit status is 1 when any violation (interfaces or pairs) is found, 0 otherwise. Several
files in one run (VTK loads once) print a JSON array of their objects, in order.

usage: check_labels.py [--no-weld] FILE.obj
       check_labels.py [--no-weld] --glb FILE.glb   (vtkGLTFReader; a group per node, named as in the file)
       check_labels.py [--no-weld] --ply FILE.ply   (a group per face `label`, named by the header's comments)
       check_labels.py [--no-weld] FILE.obj --ply FILE.ply ...   (several)

OBJ: `v x y z` lines, optional `vn`/`vt`, `g NAME` (or `o NAME`) lines, then `f a b c`,
`f a//n ...`, `f a/t/n ...` faces (1-based; polygons are fanned; relative indices are refused).
Faces before any group line form the group "(none)".
"""
import json
import sys

import numpy as np
import vtk
from vtk.util.numpy_support import numpy_to_vtk, numpy_to_vtkIdTypeArray


# --- reading ---------------------------------------------------------------------------------
def _faces_slow(lines):
    tris = []
    for line in lines:
        idx = [int(tok.split('/', 1)[0]) - 1 for tok in line.split()]
        for k in range(1, len(idx) - 1):
            tris.append((idx[0], idx[k], idx[k + 1]))
    return np.array(tris, dtype=np.int64).reshape(-1, 3)


def _faces(lines):
    """`lines`: the text after 'f ' of one group's face lines -> (m, 3) 0-based indices. All
    lines triangles of one corner format (a, a//n, a/t or a/t/n): parsed at once by numpy;
    otherwise line by line (polygons fanned)."""
    if not lines:
        return np.zeros((0, 3), np.int64)
    corner = lines[0].split()[0]
    per = corner.count('/') + 1 - corner.count('//')  # numbers per corner
    text = ' '.join(lines)
    if len(text.split()) == 3 * len(lines) and text.count('/') == 3 * len(lines) * corner.count('/') \
            and text.count('//') == 3 * len(lines) * corner.count('//'):
        nums = np.array(text.replace('//', ' ').replace('/', ' ').split(), dtype=np.int64)
        if nums.size == 3 * per * len(lines):
            return nums.reshape(-1, 3 * per)[:, ::per] - 1
    return _faces_slow(lines)


def read_obj(path):
    with open(path, 'r', encoding='utf-8', errors='replace') as f:
        text = f.read()
    vlines, groups, current = [], [], None
    for line in text.splitlines():
        c = line[:2]
        if c == 'v ':
            vlines.append(line[2:])
        elif c == 'f ':
            if current is None:
                current = ('(none)', [])
                groups.append(current)
            current[1].append(line[2:].strip())
        elif c == 'g ' or c == 'o ':
            current = (line[2:].strip() or '(unnamed)', [])
            groups.append(current)
    nums = np.array(' '.join(vlines).split(), dtype=np.float64) if vlines else np.zeros(0)
    if nums.size == 3 * len(vlines):
        V = nums.reshape(-1, 3)
    else:  # some `v` lines carry colours: the first three numbers of each
        V = np.array([[float(x) for x in l.split()[:3]] for l in vlines], dtype=np.float64).reshape(-1, 3)
    n = len(V)
    out = []
    merged = {}
    for name, lines in groups:
        if not lines:
            continue
        tris = _faces(lines)
        if name in merged:  # a group named twice: one group
            out[merged[name]] = (name, np.vstack([out[merged[name]][1], tris]))
        else:
            merged[name] = len(out)
            out.append((name, tris))
    for name, tris in out:
        if tris.size and (tris.min() < 0 or tris.max() >= n):
            raise SystemExit(f'{path}: group {name} has a face index outside 1..{n} (relative indices are not read)')
    return V, out


def _gltf_json(path):
    """The glTF's JSON (a .glb's first chunk, or a .gltf file), for the names of its nodes and
    meshes: vtkGLTFReader calls its blocks Node_i and Mesh_j."""
    import struct
    with open(path, 'rb') as f:
        head = f.read(12)
        if head[:4] == b'glTF':
            length, kind = struct.unpack('<I4s', f.read(8))
            return json.loads(f.read(length)) if kind == b'JSON' else {}
        return json.loads(head + f.read())


def read_glb(path):
    """One group per primitive, named by its node (else its mesh) in the glTF; groups of one
    name are merged. Positions as the reader gives them (the nodes' transforms applied)."""
    from vtk.util.numpy_support import vtk_to_numpy
    doc = _gltf_json(path)
    r = vtk.vtkGLTFReader()
    r.SetFileName(path)
    r.Update()
    Vs, out, merged, base = [], [], {}, [0]

    def name_of(label):
        for key, prefix in (('nodes', 'Node_'), ('meshes', 'Mesh_')):
            if label and label.startswith(prefix) and label[len(prefix):].isdigit():
                items = doc.get(key, [])
                k = int(label[len(prefix):])
                return items[k].get('name') if k < len(items) else None
        return None

    def leaf(pd, name):
        tri = vtk.vtkTriangleFilter()
        tri.SetInputData(pd)
        tri.PassVertsOff()
        tri.PassLinesOff()
        tri.Update()
        t = tri.GetOutput()
        if not t.GetNumberOfPolys():
            return
        P = vtk_to_numpy(t.GetPoints().GetData()).astype(np.float64)
        conn = vtk_to_numpy(t.GetPolys().GetConnectivityArray()).astype(np.int64).reshape(-1, 3) + base[0]
        Vs.append(P)
        base[0] += len(P)
        if name in merged:
            out[merged[name]] = (name, np.vstack([out[merged[name]][1], conn]))
        else:
            merged[name] = len(out)
            out.append((name, conn))

    def walk(block, node, mesh, label):
        if block is None:
            return
        if block.IsA('vtkMultiBlockDataSet'):
            for i in range(block.GetNumberOfBlocks()):
                sub = block.GetMetaData(i).Get(vtk.vtkCompositeDataSet.NAME()) if block.HasMetaData(i) else None
                n, m = node, mesh
                if sub and sub.startswith('Node_'):
                    n = name_of(sub) or sub
                elif sub and sub.startswith('Mesh_'):
                    m = name_of(sub) or sub
                walk(block.GetBlock(i), n, m, sub or label)
        elif block.IsA('vtkPolyData'):
            leaf(block, node or mesh or label or f'block {len(out)}')
    walk(r.GetOutput(), None, None, None)
    V = np.vstack(Vs) if Vs else np.zeros((0, 3))
    return V, out


_PLY_TYPES = {'char': 'i1', 'int8': 'i1', 'uchar': 'u1', 'uint8': 'u1', 'short': '<i2', 'int16': '<i2',
              'ushort': '<u2', 'uint16': '<u2', 'int': '<i4', 'int32': '<i4', 'uint': '<u4', 'uint32': '<u4',
              'float': '<f4', 'float32': '<f4', 'double': '<f8', 'float64': '<f8'}


def read_ply(path):
    """A binary little-endian PLY of triangles whose faces carry `label` and `other_label`: the
    vertices, one group per label (named by the header's `comment label VALUE NAME rgb ...`
    lines, else `label VALUE`), and each group's labels and other sides. Checked against what
    VTK's vtkPLYReader reads of the same file."""
    with open(path, 'rb') as f:
        data = f.read()
    end = data.index(b'end_header\n') + len(b'end_header\n')
    lines = data[:end].decode('ascii', 'replace').splitlines()
    if 'format binary_little_endian 1.0' not in lines:
        raise SystemExit(f'{path}: not a binary little-endian PLY')
    elements, names = [], {}
    for line in lines:
        w = line.split()
        if w[:1] == ['element']:
            elements.append((w[1], int(w[2]), []))
        elif w[:2] == ['property', 'list'] and elements:
            elements[-1][2].append((w[4], 'list', _PLY_TYPES[w[2]], _PLY_TYPES[w[3]]))
        elif w[:1] == ['property'] and elements:
            elements[-1][2].append((w[2], _PLY_TYPES[w[1]]))
        elif w[:2] == ['comment', 'label'] and len(w) >= 4:
            names[float(w[2])] = w[3]
    at, arrays = end, {}
    for name, count, props in elements:
        fields = []
        for p in props:
            if p[1] == 'list':  # triangles only: a count of 3, then three indices
                fields += [(p[0] + '_n', p[2]), (p[0], p[3], (3,))]
            else:
                fields.append(p)
        dt = np.dtype(fields)
        arrays[name] = np.frombuffer(data, dtype=dt, count=count, offset=at)
        at += dt.itemsize * count
        for p in props:
            if p[1] == 'list' and np.any(arrays[name][p[0] + '_n'] != 3):
                raise SystemExit(f'{path}: a face that is not a triangle')
    v, f = arrays['vertex'], arrays['face']
    V = np.stack([v['x'], v['y'], v['z']], axis=1).astype(np.float64)
    T = f['vertex_indices'].astype(np.int64)
    r = vtk.vtkPLYReader()
    r.SetFileName(path)
    r.Update()
    from vtk.util.numpy_support import vtk_to_numpy
    pd = r.GetOutput()
    P = vtk_to_numpy(pd.GetPoints().GetData()).astype(np.float64) if pd.GetPoints() else np.zeros((0, 3))
    C = vtk_to_numpy(pd.GetPolys().GetConnectivityArray()).astype(np.int64) if pd.GetNumberOfPolys() else np.zeros(0)
    if not (np.array_equal(P, V) and np.array_equal(C.reshape(-1, 3), T)):
        raise SystemExit(f'{path}: VTK reads {len(P)} points, {pd.GetNumberOfPolys()} triangles; '
                         f'{len(V)} and {len(T)} read here, or other ones')
    L, O = f['label'].astype(np.float64), f['other_label'].astype(np.float64)
    groups, sides = [], []
    for value in np.unique(L):
        pick = L == value
        groups.append((names.get(float(value), f'label {value:g}'), T[pick]))
        sides.append((np.full(int(pick.sum()), value), O[pick]))
    return V, groups, sides


# --- per group ---------------------------------------------------------------------------------
def polydata(points, tris):
    pts = vtk.vtkPoints()
    pts.SetData(numpy_to_vtk(np.ascontiguousarray(points, dtype=np.float64), deep=True))
    cells = vtk.vtkCellArray()
    offsets = np.arange(0, 3 * len(tris) + 1, 3, dtype=np.int64)
    cells.SetData(numpy_to_vtkIdTypeArray(offsets, deep=True),
                  numpy_to_vtkIdTypeArray(np.ascontiguousarray(tris, dtype=np.int64).ravel(), deep=True))
    pd = vtk.vtkPolyData()
    pd.SetPoints(pts)
    pd.SetPolys(cells)
    return pd


def count_edges(pd, boundary):
    f = vtk.vtkFeatureEdges()
    f.SetInputData(pd)
    f.FeatureEdgesOff()
    f.ManifoldEdgesOff()
    f.SetBoundaryEdges(boundary)
    f.SetNonManifoldEdges(not boundary)
    f.ColoringOff()
    f.Update()
    return f.GetOutput().GetNumberOfLines()


def check_group(name, V, tris, pid, weld):
    entry = {'name': name, 'triangles': int(len(tris))}
    ids = pid[tris] if weld else tris
    used, inv = np.unique(ids, return_inverse=True)
    local = inv.reshape(-1, 3)
    rep = np.empty(len(used), np.int64)  # a vertex of each id (with weld: one at that position)
    rep[inv] = tris.ravel()
    points = V[rep]
    entry['duplicatePositions'] = int(len(np.unique(tris)) - len(used)) if weld else 0
    ok = (local[:, 0] != local[:, 1]) & (local[:, 1] != local[:, 2]) & (local[:, 0] != local[:, 2])
    entry['degenerate'] = int((~ok).sum())
    local = local[ok]
    pd = polydata(points, local)
    entry['boundaryEdges'] = count_edges(pd, True)
    entry['nonManifoldEdges'] = count_edges(pd, False)
    if len(local):
        m = vtk.vtkMassProperties()
        m.SetInputData(pd)
        m.Update()
        entry['volume'] = m.GetVolume()
        entry['area'] = m.GetSurfaceArea()
        a, b, c = points[local[:, 0]], points[local[:, 1]], points[local[:, 2]]
        entry['signedVolume'] = float(np.einsum('ij,ij->i', a, np.cross(b, c)).sum() / 6.0)
    else:
        entry['volume'] = entry['area'] = entry['signedVolume'] = 0.0
    return entry


# --- across groups -----------------------------------------------------------------------------
def interfaces(positions, groups, pid, names, limit=10):
    tri_ids = [pid[t] for _, t in groups]
    T = np.vstack(tri_ids) if tri_ids else np.zeros((0, 3), np.int64)
    G = np.concatenate([np.full(len(t), g, np.int64) for g, t in enumerate(tri_ids)]) if tri_ids else np.zeros(0, np.int64)
    ok = (T[:, 0] != T[:, 1]) & (T[:, 1] != T[:, 2]) & (T[:, 0] != T[:, 2])
    T, G = T[ok], G[ok]
    S = np.sort(T, axis=1)
    # The winding: rotate the smallest id first; (min, mid, max) is one way, (min, max, mid) the other.
    rot = np.argmin(T, axis=1)
    r = np.arange(len(T))
    nxt = T[r, (rot + 1) % 3]
    W = np.where(nxt == S[:, 1], 1, -1).astype(np.int8)
    order = np.lexsort((S[:, 2], S[:, 1], S[:, 0]))
    S, G, W = S[order], G[order], W[order]
    if len(S) == 0:
        return 0, 0, [], 0
    new = np.ones(len(S), bool)
    new[1:] = np.any(S[1:] != S[:-1], axis=1)
    starts = np.flatnonzero(new)
    lengths = np.diff(np.append(starts, len(S)))
    alone = int((lengths == 1).sum())
    two = starts[lengths == 2]
    good2 = (G[two] != G[two + 1]) & (W[two] != W[two + 1])
    shared = int((lengths == 2).sum())
    bad_starts = np.concatenate([two[~good2], starts[lengths >= 3]])
    bad_starts.sort()
    violations = []
    for s in bad_starts[:limit]:
        k = int(lengths[np.searchsorted(starts, s)])
        gs = [names[g] for g in G[s:s + k]]
        ws = [int(w) for w in W[s:s + k]]
        if k >= 3:
            kind = f'held by {k} triangles'
        elif G[s] == G[s + 1]:
            kind = 'twice in one group'
        else:
            kind = 'same winding'
        violations.append({'kind': kind, 'groups': gs, 'windings': ws, 'corners': positions[S[s]].tolist()})
    return shared, alone, violations, int(len(bad_starts))


def pairs(groups, sides, pid, names, limit=10):
    """The pair check (the module's doc): (violations listed, their count, twins elsewhere)."""
    T = np.vstack([pid[t] for _, t in groups])
    L = np.concatenate([l for l, _ in sides])
    O = np.concatenate([o for _, o in sides])
    S = np.sort(T, axis=1)
    rot = np.argmin(T, axis=1)
    r = np.arange(len(T))
    W = np.where(T[r, (rot + 1) % 3] == S[:, 1], 1, -1)
    present = set(L.tolist())
    index = {}
    for i, k in enumerate(map(tuple, S)):
        index.setdefault(k, []).append(i)
    bad, count, elsewhere = [], 0, 0
    for k, held in index.items():
        for i in held:
            if O[i] == 0:
                ok = len(held) == 1
                kind = 'faces the background but is held twice'
            elif O[i] not in present:
                elsewhere += 1
                continue
            else:
                ok = any(L[j] == O[i] and O[j] == L[i] and W[j] == -W[i] for j in held if j != i)
                kind = 'no twin in the other label'
            if not ok:
                count += 1
                if len(bad) < limit:
                    bad.append({'kind': kind, 'label': float(L[i]), 'otherLabel': float(O[i]),
                                'group': names[int(np.searchsorted(np.cumsum([len(t) for _, t in groups]), i, 'right'))]})
    return bad, count, elsewhere


def check(kind, path, weld):
    """One file's report (the module's doc) and its count of violations."""
    sides = None
    if kind == '--glb':
        V, groups = read_glb(path)
    elif kind == '--ply':
        V, groups, sides = read_ply(path)
    else:
        V, groups = read_obj(path)
    # One id per distinct position (exact): the welding within a group and the keys across groups.
    if len(V):
        uniq, pid = np.unique(V, axis=0, return_inverse=True)
        pid = pid.reshape(-1)
    else:
        uniq, pid = V, np.zeros(0, np.int64)
    report = {'file': path, 'vertices': int(len(V)), 'positions': int(len(uniq)),
              'groups': [check_group(name, V, t, pid, weld) for name, t in groups]}
    names = [name for name, _ in groups]
    shared, alone, violations, count = interfaces(uniq, groups, pid, names)
    report.update({'shared': shared, 'alone': alone, 'violations': violations, 'violationCount': count})
    if sides is not None:
        bad, n, elsewhere = pairs(groups, sides, pid, names)
        report.update({'pairViolations': bad, 'pairViolationCount': n, 'twinsElsewhere': elsewhere,
                       'background': int(sum(int((o == 0).sum()) for _, o in sides))})
        count += n
    return report, count


def main(argv):
    weld = '--no-weld' not in argv
    argv = [a for a in argv if a != '--no-weld']
    files, kind = [], None
    for a in argv:
        if a in ('--glb', '--ply'):
            kind = a
        elif a.startswith('-'):
            raise SystemExit(__doc__)
        else:
            files.append((kind, a))
            kind = None
    if not files or kind:
        raise SystemExit(__doc__)
    reports, count = [], 0
    for kind, path in files:
        report, n = check(kind, path, weld)
        reports.append(report)
        count += n
    print(json.dumps(reports[0] if len(reports) == 1 else reports))
    return 1 if count else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
