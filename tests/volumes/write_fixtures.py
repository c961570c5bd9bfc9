#!/usr/bin/python3
"""Volume files written by writers no one here wrote, for volume_fixtures_test.cpp: NIfTI by
nibabel, NRRD by teem (teem-unu), legacy VTK and MetaImage by VTK. Each file comes with what
its own library reads back from it (the values as float32, x fastest; dims; the voxel → world
map), so the test holds our readers against the reference readers, not against our own idea
of the format.

    write_fixtures.py OUT_DIR       (Debian's python3-nibabel, teem-apps, python3-vtk9)
Writes OUT_DIR/manifest.json (and manifest.txt, a line a file) and the files; exits 77 when a writer is missing.
"""
import json
import os
import subprocess
import sys

try:
    import nibabel
    import numpy as np
    import vtk
    from vtk.util import numpy_support
except ImportError as e:
    print(f'skipped: {e} (scripts/setup.sh --test-tier installs the writers)')
    sys.exit(77)

OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
DIMS = (37, 23, 11)
x, y, z = np.meshgrid(*(np.arange(n) for n in DIMS), indexing='ij')  # arr[x, y, z]
FIELD = ((x * 7 + y * 13 + z * 29) % 251 - 100).astype(np.int16)
manifest = []


def expect(name, values_xyz, affine, kind):
    """values_xyz: as the reference reader gives them, indexed [x, y, z]."""
    v = np.asarray(values_xyz, dtype=np.float32)
    v.transpose(2, 1, 0).tofile(os.path.join(OUT, name + '.f32'))  # x fastest
    manifest.append({'file': name, 'kind': kind, 'dims': list(v.shape),
                     'to_world': [float(a) for a in np.asarray(affine)[:3].reshape(-1)]})


# NIfTI (nibabel): int16 with a scale, float32, uint8; a rotated affine; .nii and .nii.gz.
theta = np.radians(20)
affine = np.array([[0.8 * np.cos(theta), -0.9 * np.sin(theta), 0, 10], [0.8 * np.sin(theta), 0.9 * np.cos(theta), 0, -20],
                   [0, 0, 2.5, 30], [0, 0, 0, 1]])
img = nibabel.Nifti1Image(FIELD, affine)
img.header.set_slope_inter(0.5, -3)
for name in ('nib_int16_scaled.nii', 'nib_int16_scaled.nii.gz'):
    nibabel.save(img, os.path.join(OUT, name))
    back = nibabel.load(os.path.join(OUT, name))
    expect(name, back.get_fdata(), back.affine, 'nifti')
for dtype, name in ((np.float32, 'nib_float32.nii.gz'), (np.uint8, 'nib_uint8.nii')):
    data = (FIELD.astype(np.float32) / 4 + 30) if dtype == np.float32 else (FIELD + 100).astype(np.uint8)
    im = nibabel.Nifti1Image(data.astype(dtype), np.diag([0.7, 0.7, 1.2, 1]))
    nibabel.save(im, os.path.join(OUT, name))
    back = nibabel.load(os.path.join(OUT, name))
    expect(name, back.get_fdata(), back.affine, 'nifti')

# NRRD (teem): raw little-endian with spacings; gzip with LPS space directions and an origin.
raw = os.path.join(OUT, 'field.bin')
FIELD.transpose(2, 1, 0).astype('<i2').tofile(raw)
unu = ['teem-unu', 'make', '-i', raw, '-t', 'short', '-s', *map(str, DIMS), '-en', 'little']
subprocess.run(unu + ['-sp', '0.5', '0.75', '2', '-o', os.path.join(OUT, 'unu_raw.nrrd')], check=True)
subprocess.run(unu + ['-spc', 'LPS', '-dirs', '(0.5,0,0) (0,-0.75,0) (0,0,2)', '-orig', '(1,2,3)',
                      '-o', os.path.join(OUT, 'unu_dirs.nrrd')], check=True)
subprocess.run(['teem-unu', 'save', '-f', 'nrrd', '-e', 'gzip', '-i', os.path.join(OUT, 'unu_dirs.nrrd'),
                '-o', os.path.join(OUT, 'unu_gzip.nrrd')], check=True)
os.remove(os.path.join(OUT, 'unu_dirs.nrrd'))
os.remove(raw)
expect('unu_raw.nrrd', FIELD, np.diag([0.5, 0.75, 2, 1]), 'nrrd')
expect('unu_gzip.nrrd', FIELD, [[0.5, 0, 0, 1], [0, -0.75, 0, 2], [0, 0, 2, 3]], 'nrrd')


def vtk_image(array_xyz, spacing, origin, vtk_type):
    image = vtk.vtkImageData()
    image.SetDimensions(*DIMS)
    image.SetSpacing(*spacing)
    image.SetOrigin(*origin)
    flat = np.ascontiguousarray(array_xyz.transpose(2, 1, 0).reshape(-1))
    image.GetPointData().SetScalars(numpy_support.numpy_to_vtk(flat, deep=True, array_type=vtk_type))
    return image


def read_back(reader, name):
    reader.SetFileName(os.path.join(OUT, name))
    reader.Update()
    out = reader.GetOutput()
    values = numpy_support.vtk_to_numpy(out.GetPointData().GetScalars()).reshape(DIMS[::-1]).transpose(2, 1, 0)
    s, o = out.GetSpacing(), out.GetOrigin()
    return values, [[s[0], 0, 0, o[0]], [0, s[1], 0, o[1]], [0, 0, s[2], o[2]]]


# Legacy VTK (BINARY and ASCII; VTK 9.1 writes version 5.1 headers) and MetaImage (raw, zlib).
image = vtk_image(FIELD, (0.6, 0.8, 1.5), (-5, 4, 7), vtk.VTK_SHORT)
for name, binary in (('vtk_binary.vtk', True), ('vtk_ascii.vtk', False)):
    w = vtk.vtkStructuredPointsWriter()
    w.SetInputData(image)
    w.SetFileName(os.path.join(OUT, name))
    w.SetFileTypeToBinary() if binary else w.SetFileTypeToASCII()
    w.Write()
    values, world = read_back(vtk.vtkStructuredPointsReader(), name)
    expect(name, values, world, 'vtk')
fimage = vtk_image(FIELD.astype(np.float32) * 0.25, (0.6, 0.8, 1.5), (-5, 4, 7), vtk.VTK_FLOAT)
for name, compressed in (('itk_raw.mha', False), ('itk_zlib.mha', True)):
    w = vtk.vtkMetaImageWriter()
    w.SetInputData(fimage)
    w.SetFileName(os.path.join(OUT, name))
    w.SetCompression(compressed)
    w.Write()
    values, world = read_back(vtk.vtkMetaImageReader(), name)
    expect(name, values, world, 'mha')

with open(os.path.join(OUT, 'manifest.json'), 'w') as f:
    json.dump(manifest, f, indent=1)
with open(os.path.join(OUT, 'manifest.txt'), 'w') as f:  # the same, a line a file, for C++
    for m in manifest:
        f.write(' '.join([m['file'], m['kind'], *map(str, m['dims']), *(repr(v) for v in m['to_world'])]) + '\n')
print(f'{len(manifest)} fixtures in {OUT}')
