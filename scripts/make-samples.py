#!/usr/bin/python3
"""The real scans the page offers as samples, made from what scripts/setup.sh fetched (never
committed): the InVesalius head CT as a gzip NRRD in Hounsfield units, the MNI ICBM152 T1 as
the niivue package ships it (.nii.gz), and samples.json listing those present, with their
presets and notices. Python's standard library only.

    make-samples.py FETCHED_DIR OUT_DIR
FETCHED_DIR holds Cranium.inv3 (the Debian package invesalius-examples) and mni152.nii.gz
(npm @niivue/niivue@0.21.1); either may be missing.
"""
import array
import collections
import gzip
import json
import os
import plistlib
import shutil
import sys
import tarfile

CT_NOTICE = ("CT head: InVesalius example 'Cranium' (ProMED CT 0051), Debian package invesalius-examples, "
             "© 2008-2021 Centro de Tecnologia da Informação Renato Archer, GPL-2. The scanner's head rest was removed.")
MRI_NOTICE = ("MRI brain: MNI ICBM152 2009 T1 template, from npm @niivue/niivue 0.21.1 (BSD-2-Clause). "
              "Copyright (C) 1993-2004 Louis Collins, McConnell Brain Imaging Centre, Montreal Neurological "
              "Institute, McGill University. Permission to use, copy, modify, and distribute this software and its "
              "documentation for any purpose and without fee is hereby granted, provided that the above copyright "
              "notice appear in all copies.")


def keep_the_head(values, dims, threshold=-500, air=-1024):
    """Sets to air what is not connected to the largest body above `threshold` HU: the head rest
    and the table. Components are found on 2×2×2 blocks (a block is tissue if any voxel in it is),
    which keeps the flood fill fast in pure Python; a voxel goes with its block."""
    X, Y, Z = dims
    hx, hy, hz = (X + 1) // 2, (Y + 1) // 2, (Z + 1) // 2
    mask = bytearray(hx * hy * hz)
    for z in range(Z):
        for y in range(Y):
            row = values[X * (y + Y * z):X * (y + Y * z) + X]
            base = (z // 2) * hx * hy + (y // 2) * hx
            for x in range(X):
                if row[x] > threshold:
                    mask[base + x // 2] = 1
    label = array.array('i', [0]) * len(mask)
    sizes = {}
    for start in range(len(mask)):
        if not mask[start] or label[start]:
            continue
        n = len(sizes) + 1
        queue, count = collections.deque([start]), 0
        label[start] = n
        while queue:
            i = queue.popleft()
            count += 1
            x, y, z = i % hx, (i // hx) % hy, i // (hx * hy)
            for j, ok in ((i - 1, x > 0), (i + 1, x < hx - 1), (i - hx, y > 0), (i + hx, y < hy - 1),
                          (i - hx * hy, z > 0), (i + hx * hy, z < hz - 1)):
                if ok and mask[j] and not label[j]:
                    label[j] = n
                    queue.append(j)
        sizes[n] = count
    head = max(sizes, key=sizes.get)
    removed = 0
    for z in range(Z):
        for y in range(Y):
            base = (z // 2) * hx * hy + (y // 2) * hx
            at = X * (y + Y * z)
            for x in range(X):
                if values[at + x] > air and label[base + x // 2] != head:
                    removed += values[at + x] > threshold  # what was an object, not air's noise
                    values[at + x] = air
    return removed


def make_ct(inv3, out):
    """Cranium.inv3: a gzipped tar of main.plist (shape z, y, x; spacing; dtype int16) and matrix.dat."""
    with tarfile.open(inv3, 'r:gz') as tar:
        members = {os.path.basename(m.name): m for m in tar.getmembers()}
        meta = plistlib.loads(tar.extractfile(members['main.plist']).read())
        raw = tar.extractfile(members[meta['matrix']['filename']]).read()
    if meta['matrix']['dtype'] != 'int16':
        raise SystemExit(f"unexpected dtype {meta['matrix']['dtype']}")
    Z, Y, X = meta['matrix']['shape']
    sx, sy, sz = meta['spacing']
    values = array.array('h')
    values.frombytes(raw)
    if sys.byteorder != 'little':
        values.byteswap()
    if len(values) != X * Y * Z:
        raise SystemExit(f'matrix.dat holds {len(values)} values, not {X}×{Y}×{Z}')
    removed = keep_the_head(values, (X, Y, Z))
    # Seen slice by slice: z runs to the top of the head, y to the face (InVesalius turned the
    # rows), x to the patient's left: in LPS, x +L, y −P, z +S.
    header = (f"NRRD0004\n# {CT_NOTICE}\n# head rest removed: {removed} voxels set to -1024 HU\n"
              f"type: int16\ndimension: 3\nspace: left-posterior-superior\nsizes: {X} {Y} {Z}\n"
              f"space directions: ({sx!r},0,0) (0,{-sy!r},0) (0,0,{sz!r})\nspace origin: (0,0,0)\n"
              f"kinds: domain domain domain\nendian: little\nencoding: gzip\n\n")
    with open(out, 'wb') as f:
        f.write(header.encode('utf-8'))
        f.write(gzip.compress(values.tobytes(), compresslevel=6, mtime=0))
    return X, Y, Z, removed


def main():
    fetched, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    samples = []
    inv3 = os.path.join(fetched, 'Cranium.inv3')
    if os.path.exists(inv3):
        ct = os.path.join(out, 'ct-head.nrrd')
        if not os.path.exists(ct) or os.path.getmtime(ct) < os.path.getmtime(inv3):
            X, Y, Z, removed = make_ct(inv3, ct + '.tmp')
            os.replace(ct + '.tmp', ct)
            print(f'[samples] ct-head.nrrd: {X}×{Y}×{Z} int16, head rest removed ({removed} voxels)', file=sys.stderr)
        samples.append({'name': 'ct-head', 'label': 'CT head (InVesalius, GPL-2)', 'file': 'samples/ct-head.nrrd',
                        'presets': [{'name': 'bone', 'iso': 400}, {'name': 'skin', 'iso': -300}],
                        'attribution': CT_NOTICE})
    mni = os.path.join(fetched, 'mni152.nii.gz')
    if os.path.exists(mni):
        shutil.copyfile(mni, os.path.join(out, 'mri-brain.nii.gz'))
        # Its values are the uint8 times scl_slope 0.363: grey matter peaks near 62, white
        # matter near 77, CSF below 20. The brain's surface lies between CSF and grey matter,
        # the white matter's between grey and white.
        samples.append({'name': 'mri-brain', 'label': 'MRI brain (MNI ICBM152)', 'file': 'samples/mri-brain.nii.gz',
                        'presets': [{'name': 'brain surface', 'iso': 36}, {'name': 'white matter', 'iso': 69}],
                        'attribution': MRI_NOTICE})
    with open(os.path.join(out, 'samples.json'), 'w') as f:
        json.dump(samples, f, indent=1, ensure_ascii=False)


if __name__ == '__main__':
    main()
