// The Explain view: one stream key's walk down the pyramid, drawn over the other views (the
// texel it is in at each level, the four children at the level shown and the one taken, the
// footprint in the slice atlas, the key in the stream, its cell in 3D) and told in numbers in
// the control panel, with step / back through the levels. The walk itself comes from the
// GPU's pyramid (app/gpu/views/explain_pass.h) through ViewInput::explanation.
#pragma once

#include "view_registry.h"

namespace hp {

// The view's hooks (its registry entry's): the app walks the `key` setting each frame while it
// is shown; its marks over the panels, after their captions; its section of the control panel;
// the arrows (← → a level back or on, ↑ ↓ the key before or after); a click on the stream
// panel (the key of the texel under it).
const ViewHooks* explain_hooks();

// The control panel's section: the key (typed, or the middle), step / back, and the walk's numbers.
void explain_controls(const ViewInput& in, DemoState* pending);
// The arrows (and the panel's step / back): ← → a level back or on, ↑ ↓ the key before or after.
void explain_key(const ViewInput& in, ViewKey k, DemoState* pending);

}  // namespace hp
