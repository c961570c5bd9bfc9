#!/usr/bin/python3
"""DICOM series written by pydicom (Debian's python3-pydicom), from arrays of ours, for the tests.

    make_series.py OUT_DIR '{"dims": [37, 23, 11], ...}'

writes OUT_DIR/<shuffled names>.dcm, one file a slice, and OUT_DIR/expected.json +
OUT_DIR/expected.f32: the values the series holds in data units (stored × slope + intercept,
x fastest, slices in order along the normal) and the world frame (voxel → LPS mm, row-major
3×4) a reader should find. Options (JSON, all optional but dims):
  type       uint8 | int8 | uint16 | int16 (default) | int32 | uint32
  bits       bits stored (default: all allocated); the bits above hold noise a reader must mask,
             unless "highNoise": false (then they are the sign, as scanners write them)
  spacing    [column spacing, row spacing, slice spacing] mm
  slope, intercept                     rescale (default 1, 0)
  orientation [rx, ry, rz, cx, cy, cz]  (default axial)
  origin     [x, y, z]
  tilt       gantry tilt in degrees: the slices step along the column axis too
  syntax     explicit (default) | implicit | bigendian | deflated
  uid        the series UID; description, modality (default CT)
  missing    a slice index left out
  seed       the shuffle of file names and instance numbers
  extra      names of files that are not DICOM to add
  prefix     file name prefix
The file order, names and instance numbers are shuffled: a reader must order by position.

    make_series.py OUT_DIR '{"stack": SCANNER_FILE, "count": 3, "spacing": 2.0}'

stacks copies of one scanner file (pydicom's test files: single slices in many transfer syntaxes)
into a series: new positions along its normal, new UIDs, its pixel data untouched. The values
expected are those GDCM's own converter gives (`gdcmconv --raw`, then pydicom reads the raw
pixels), × its rescale.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

import numpy as np
import pydicom
from pydicom.dataset import FileDataset, FileMetaDataset
from pydicom.uid import (ExplicitVRLittleEndian, ImplicitVRLittleEndian, ExplicitVRBigEndian,
                         DeflatedExplicitVRLittleEndian, generate_uid, CTImageStorage)

TYPES = {'uint8': (8, 0), 'int8': (8, 1), 'uint16': (16, 0), 'int16': (16, 1),
         'uint32': (32, 0), 'int32': (32, 1)}
SYNTAX = {'explicit': ExplicitVRLittleEndian, 'implicit': ImplicitVRLittleEndian,
          'bigendian': ExplicitVRBigEndian, 'deflated': DeflatedExplicitVRLittleEndian}


def stored_plane(dims, k, dtype, bits, signed):
    """Slice k of a CT-like field in the stored type's range: a ball, a shell and a gradient ([y, x])."""
    y, x = np.meshgrid(np.arange(dims[1]), np.arange(dims[0]), indexing='ij')
    c = [(d - 1) / 2 for d in dims]
    r = np.sqrt(((x - c[0]) / dims[0]) ** 2 + ((y - c[1]) / dims[1]) ** 2 + ((k - c[2]) / dims[2]) ** 2)
    t = np.clip(1.2 - 2.2 * r + 0.15 * np.sin(x * 0.7) * np.cos(y * 0.5 + k * 0.3), 0, 1)
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    v = np.round(lo + (hi - lo) * t).astype(np.int64)
    v[0, 0] = lo  # both ends of the range present
    v[-1, -1] = hi
    return v.astype(dtype)


def stack(out, opts):
    src = pydicom.dcmread(opts['stack'])
    count, dz = opts.get('count', 3), opts.get('spacing', 2.0)
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, 'raw.dcm')
        subprocess.run(['gdcmconv', '--raw', '-i', opts['stack'], '-o', raw], check=True)
        plain = pydicom.dcmread(opts.get('expect', raw))  # an uncompressed twin, read by pydicom alone
        pixels = plain.pixel_array.astype(np.float64) * float(plain.get('RescaleSlope', 1)) + float(plain.get('RescaleIntercept', 0))
    iop = [float(v) for v in src.get('ImageOrientationPatient', [1, 0, 0, 0, 1, 0])]
    normal = np.cross(iop[:3], iop[3:])
    ipp = np.array([float(v) for v in src.get('ImagePositionPatient', [0, 0, 0])])
    uid = generate_uid()
    os.makedirs(out, exist_ok=True)
    for k in range(count):
        ds = pydicom.dcmread(opts['stack'])
        ds.SeriesInstanceUID = uid
        ds.SOPInstanceUID = generate_uid()
        if 'file_meta' in dir(ds) and ds.file_meta is not None:
            ds.file_meta.MediaStorageSOPInstanceUID = ds.SOPInstanceUID
        ds.ImageOrientationPatient = [f'{v:.8f}' for v in iop]
        ds.ImagePositionPatient = [f'{v:.6f}' for v in ipp + k * dz * normal]
        ds.save_as(os.path.join(out, f'slice{count - k}.dcm'))
    data = np.stack([pixels] * count)
    data.astype('<f4').tofile(os.path.join(out, 'expected.f32'))
    with open(os.path.join(out, 'expected.json'), 'w') as f:
        json.dump({'dims': [int(src.Columns), int(src.Rows), count], 'uid': uid,
                   'range': [float(data.min()), float(data.max())]}, f)


def main():
    out, opts = sys.argv[1], json.loads(sys.argv[2])
    if 'stack' in opts:
        return stack(out, opts)
    dims = opts['dims']
    tname = opts.get('type', 'int16')
    allocated, signed = TYPES[tname]
    bits = opts.get('bits', allocated)
    spacing = opts.get('spacing', [0.7, 0.9, 1.3])
    slope, intercept = opts.get('slope', 1), opts.get('intercept', 0)
    r_dir = np.array(opts.get('orientation', [1, 0, 0, 0, 1, 0])[:3], float)
    c_dir = np.array(opts.get('orientation', [1, 0, 0, 0, 1, 0])[3:], float)
    r_dir /= np.linalg.norm(r_dir)
    c_dir /= np.linalg.norm(c_dir)
    normal = np.cross(r_dir, c_dir)
    origin = np.array(opts.get('origin', [-12.5, 30.25, -40.0]), float)
    tilt = np.radians(opts.get('tilt', 0))
    step = normal * spacing[2] + c_dir * spacing[2] * np.tan(tilt)
    uid = opts.get('uid', generate_uid())
    syntax = SYNTAX[opts.get('syntax', 'explicit')]
    dtype = np.dtype(tname)
    os.makedirs(out, exist_ok=True)
    order = list(range(dims[2]))
    rng = random.Random(opts.get('seed', 1))
    names = [f"{opts.get('prefix', '')}{n:08x}.dcm" for n in rng.sample(range(1 << 30), dims[2])]
    instances = rng.sample(range(1, dims[2] + 1), dims[2])
    study = generate_uid()
    for k in order:
        if k == opts.get('missing', -1):
            continue
        meta = FileMetaDataset()
        meta.MediaStorageSOPClassUID = CTImageStorage
        meta.MediaStorageSOPInstanceUID = generate_uid()
        meta.TransferSyntaxUID = syntax
        ds = FileDataset(names[k], {}, file_meta=meta, preamble=b'\0' * 128)
        ds.is_little_endian = syntax != ExplicitVRBigEndian
        ds.is_implicit_VR = syntax == ImplicitVRLittleEndian
        ds.SOPClassUID = CTImageStorage
        ds.SOPInstanceUID = meta.MediaStorageSOPInstanceUID
        ds.StudyInstanceUID = study
        ds.SeriesInstanceUID = uid
        ds.Modality = opts.get('modality', 'CT')
        ds.SeriesDescription = opts.get('description', 'test series')
        ds.InstanceNumber = instances[k]
        ds.ImagePositionPatient = [f'{v:.6f}' for v in origin + k * step]
        ds.ImageOrientationPatient = [f'{v:.8f}' for v in list(r_dir) + list(c_dir)]
        ds.PixelSpacing = [f'{spacing[1]:.6f}', f'{spacing[0]:.6f}']  # between rows, between columns
        ds.SliceThickness = '5.0'  # deliberately not the spacing
        ds.Rows, ds.Columns = dims[1], dims[0]
        ds.SamplesPerPixel = 1
        ds.PhotometricInterpretation = 'MONOCHROME2'
        ds.BitsAllocated, ds.BitsStored, ds.HighBit = allocated, bits, bits - 1
        ds.PixelRepresentation = signed
        if slope != 1 or intercept != 0:
            ds.RescaleSlope, ds.RescaleIntercept = f'{slope:g}', f'{intercept:g}'
        plane = stored_plane(dims, k, dtype, bits, signed)
        if bits < allocated and opts.get('highNoise', True):  # only `bits` bits hold the value: the rest is noise a reader masks
            mask = (1 << bits) - 1
            noise = (np.arange(plane.size).reshape(plane.shape) * 2654435761) & ~mask & ((1 << allocated) - 1)
            plane = ((plane.astype(np.int64) & mask) | noise).astype(np.int64)
            plane = (plane - (1 << allocated) * (plane >= (1 << (allocated - 1)))).astype(dtype) if signed else plane.astype(dtype)
        ds.PixelData = plane.astype(dtype.newbyteorder('>' if syntax == ExplicitVRBigEndian else '<')).tobytes()
        ds.save_as(os.path.join(out, names[k]), write_like_original=False)
    for name in opts.get('extra', []):
        with open(os.path.join(out, name), 'w') as f:
            f.write('not a DICOM file\n')
    # What a reader should find: values in data units, slices in order along the normal.
    kept = [k for k in order if k != opts.get('missing', -1)]
    lo, hi = np.inf, -np.inf
    with open(os.path.join(out, 'expected.f32'), 'wb') as f:
        for k in kept:
            data = stored_plane(dims, k, dtype, bits, signed).astype(np.float64) * slope + intercept
            lo, hi = min(lo, data.min()), max(hi, data.max())
            data.astype('<f4').tofile(f)
    world = np.zeros((3, 4))
    world[:, 0] = r_dir * spacing[0]
    world[:, 1] = c_dir * spacing[1]
    world[:, 2] = step
    world[:, 3] = origin
    with open(os.path.join(out, 'expected.json'), 'w') as f:
        json.dump({'dims': [dims[0], dims[1], len(kept)], 'toWorld': world.flatten().tolist(), 'uid': uid,
                   'files': [names[k] for k in kept], 'range': [float(lo), float(hi)]}, f)


if __name__ == '__main__':
    main()
