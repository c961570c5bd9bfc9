#!/usr/bin/env bash
# Writes the dicom harness's seeds (tests/fuzz/corpus/dicom/): small slices written by pydicom
# (tests/dicom/make_series.py) in its four syntaxes, re-encoded by gdcmconv (JPEG lossless and
# baseline, RLE, JPEG-LS, J2K), and a few of pydicom's own scanner files. Needs the test tier.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/tests/fuzz/corpus/dicom"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
for syntax in explicit implicit bigendian deflated; do
  /usr/bin/python3 "$root/tests/dicom/make_series.py" "$tmp/$syntax" "{\"dims\": [9, 7, 2], \"syntax\": \"$syntax\", \"bits\": 12}"
  cp "$(ls "$tmp/$syntax"/*.dcm | head -1)" "$out/$syntax.dcm"
done
/usr/bin/python3 "$root/tests/dicom/make_series.py" "$tmp/u8" '{"dims": [9, 7, 2], "type": "uint8"}'
first=$(ls "$tmp/explicit"/*.dcm | head -1)
for codec in jpeg rle jpegls j2k; do gdcmconv --$codec -i "$first" -o "$out/$codec.dcm"; done
gdcmconv --jpeg --lossy -q 90 -i "$(ls "$tmp/u8"/*.dcm | head -1)" -o "$out/jpeg-baseline.dcm" 2>/dev/null
files=/usr/lib/python3/dist-packages/pydicom/data/test_files
for f in MR_small_RLE.dcm MR_small_jpeg_ls_lossless.dcm ExplVR_LitEndNoMeta.dcm rtdose_1frame.dcm; do cp "$files/$f" "$out/"; done
