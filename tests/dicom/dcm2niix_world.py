#!/usr/bin/python3
"""Every voxel of ours against what Debian's dcm2niix makes of the same DICOM folder.

    dcm2niix_world.py DICOM_DIR OURS.json OURS.f32

OURS.json holds {dims, toWorld} (voxel → LPS mm, row-major 3×4) and OURS.f32 our values (x
fastest). dcm2niix writes a NIfTI (rows flipped, with the affine to match, in RAS), read here by
nibabel; each of our voxels is carried to its world point and from there to dcm2niix's voxel
index. Prints {voxels, indexError (the largest distance from a whole index), differ (values that
are not equal), dims (dcm2niix's)}.
"""
import glob
import json
import subprocess
import sys
import tempfile

import nibabel
import numpy as np


def main():
    folder, ours_json, ours_f32 = sys.argv[1:4]
    ours = json.load(open(ours_json))
    dims = ours['dims']
    values = np.fromfile(ours_f32, '<f4').reshape(dims[2], dims[1], dims[0])
    m = np.array(ours['toWorld'], float).reshape(3, 4)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['dcm2niix', '-z', 'n', '-b', 'n', '-f', 'out', '-o', tmp, folder],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        image = nibabel.load(glob.glob(f'{tmp}/out*.nii')[0])
        theirs = np.asarray(image.get_fdata())
        to_voxel = np.linalg.inv(image.affine)
    k, j, i = np.meshgrid(np.arange(dims[2]), np.arange(dims[1]), np.arange(dims[0]), indexing='ij')
    ijk = np.stack([i.ravel(), j.ravel(), k.ravel(), np.ones(i.size)])
    lps = m @ ijk
    ras = np.vstack([-lps[0], -lps[1], lps[2], np.ones(i.size)])
    index = (to_voxel @ ras)[:3]
    whole = np.round(index).astype(int)
    error = float(np.abs(index - whole).max())
    inside = np.all((whole >= 0) & (whole < np.array(theirs.shape[:3])[:, None]), axis=0)
    got = theirs[whole[0, inside], whole[1, inside], whole[2, inside]]
    differ = int(np.count_nonzero(got != values.ravel()[inside])) + int(np.count_nonzero(~inside))
    print(json.dumps({'voxels': int(i.size), 'indexError': error, 'differ': differ, 'dims': list(theirs.shape)}))


if __name__ == '__main__':
    main()
