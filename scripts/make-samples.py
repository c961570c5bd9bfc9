#!/usr/bin/python3
"""The real scans the page offers as samples, made from what scripts/setup.sh fetched (never
committed): the InVesalius head CT as a gzip NRRD in Hounsfield units, the MNI ICBM152 T1 as
the niivue package ships it (.nii.gz), the AAL atlas (a label map: 116 regions, 0 background)
as MRIcron ships it with its table of names, and samples.json listing those present, with their
presets and notices. Python's standard library only.

    make-samples.py FETCHED_DIR OUT_DIR
FETCHED_DIR holds Cranium.inv3 (the Debian package invesalius-examples), mni152.nii.gz
(npm @niivue/niivue@0.21.1) and aal.nii.gz with aal.nii.txt (the Debian package mricron-data);
any may be missing.
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


AAL_NOTICE = ("Label map: the AAL atlas (Automated Anatomical Labeling, 116 regions), Tzourio-Mazoyer N, Landeau B, "
              "Papathanassiou D, Crivello F, Etard O, Delcroix N, Mazoyer B, Joliot M, NeuroImage 2002;15:273-289, "
              "GIN (Groupe d'Imagerie Neurofonctionnelle), distributed by its authors as copyright freeware under the "
              "terms of the GNU General Public Licence; on MRIcron's 1 mm grid with its labels 1-116 (Debian package "
              "mricron-data; MRIcron © Chris Rorden, BSD-3-clause).")


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


def check_label_map(nii_gz, table):
    """The atlas as MRIcron ships it: a 3D NIfTI-1 of integer labels, whose nonzero values are the
    first column of its table ("index name code" lines). Returns (dims, dtype name, label count);
    raises ValueError where they disagree."""
    import struct
    raw = gzip.decompress(open(nii_gz, 'rb').read())
    endian = '<' if struct.unpack('<i', raw[:4])[0] == 348 else '>'
    if struct.unpack(endian + 'i', raw[:4])[0] != 348 or raw[344:347] not in (b'n+1', b'ni1'):
        raise ValueError(f'{nii_gz} is not a NIfTI-1 file')
    dim = struct.unpack(endian + '8h', raw[40:56])
    datatype, = struct.unpack(endian + 'h', raw[70:72])
    offset = int(struct.unpack(endian + 'f', raw[108:112])[0])
    codes = {2: ('B', 'uint8'), 4: ('h', 'int16'), 512: ('H', 'uint16'), 8: ('i', 'int32')}
    if dim[0] != 3 or datatype not in codes:
        raise ValueError(f'{nii_gz}: {dim[0]} dimensions, datatype {datatype}: not a 3D integer label map')
    X, Y, Z = dim[1:4]
    values = array.array(codes[datatype][0])
    values.frombytes(raw[offset:offset + X * Y * Z * values.itemsize])
    if len(values) != X * Y * Z:
        raise ValueError(f'{nii_gz} holds fewer than {X}×{Y}×{Z} values')
    if (endian == '<') != (sys.byteorder == 'little'):
        values.byteswap()
    present = set(values) - {0}
    listed = set()
    with open(table, encoding='latin-1') as f:
        for line in f:
            if line.strip():
                listed.add(int(line.split()[0]))
    if present != listed:
        raise ValueError(f'{nii_gz}: labels present {len(present)}, listed in {table} {len(listed)}, '
                         f'{len(present ^ listed)} differ')
    return (X, Y, Z), codes[datatype][1], len(present)


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
    aal, aal_table = os.path.join(fetched, 'aal.nii.gz'), os.path.join(fetched, 'aal.nii.txt')
    if os.path.exists(aal) and os.path.exists(aal_table):
        dst, dst_table = os.path.join(out, 'aal-atlas.nii.gz'), os.path.join(out, 'aal-atlas.nii.txt')
        ok = True
        # Checked (and copied) once, and again when what was fetched is newer.
        if not all(os.path.exists(d) and os.path.getmtime(d) >= os.path.getmtime(s)
                   for d, s in ((dst, aal), (dst_table, aal_table))):
            try:
                (X, Y, Z), dtype, n = check_label_map(aal, aal_table)
            except (ValueError, OSError) as e:
                print(f'[samples] the AAL atlas is left out: {e}', file=sys.stderr)
                ok = False
            else:
                shutil.copyfile(aal_table, dst_table + '.tmp')
                shutil.copyfile(aal, dst + '.tmp')
                os.replace(dst_table + '.tmp', dst_table)
                os.replace(dst + '.tmp', dst)
                print(f'[samples] aal-atlas.nii.gz: {X}×{Y}×{Z} {dtype}, {n} labels', file=sys.stderr)
        if ok:
            # A label map has no iso: classify=labels makes one closed mesh per label (value > 0);
            # the table's lines are "value name AAL-code".
            samples.append({'name': 'aal-atlas', 'label': 'AAL brain atlas (116 regions)', 'file': 'samples/aal-atlas.nii.gz',
                            'table': 'samples/aal-atlas.nii.txt', 'classify': 'labels', 'presets': [],
                            'attribution': AAL_NOTICE})
    with open(os.path.join(out, 'samples.json'), 'w') as f:
        json.dump(samples, f, indent=1, ensure_ascii=False)


if __name__ == '__main__':
    main()
