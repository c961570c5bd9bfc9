// The crop box in the 3D view (app/core/crop_box.h): drawn over the surface's panel in the
// view's frame (voxels times their proportions: the world's shape), with a handle at the middle
// of each face; a drag on a handle moves that face along its axis, a voxel at a time, and sets
// the crop rows as the overlay and hp.set do. Shown while the box crops, or while the Crop row's
// "Box" asks for it; not drawn where the overlay is hidden.
#pragma once

#include "view_registry.h"

namespace hp {

bool& crop_box_shown();  // the Crop row's "Box": the box and its handles on an uncropped volume

// The box and its handles over the 3D view's panel (ImGui's background list).
void crop_marks(const ViewInput& in, const Layout& l);
// Where the six handles are drawn (faces x0, x1, y0, y1, z0, z1; CSS pixels; NaN for one behind
// the eye): false where the box is not drawn (hp.stats().layout.cropHandles).
bool crop_handles(const ViewInput& in, const Layout& l, std::array<std::array<float, 2>, 6>* out);
// A press at (x, y), CSS pixels: true where it takes a handle (the camera does not orbit then);
// the drag moves that face until crop_release.
bool crop_grab(const ViewInput& in, const Layout& l, float x, float y);
void crop_drag(const ViewInput& in, float x, float y, DemoState* pending);
void crop_release();

}  // namespace hp
