// Where the views go: the panels of the view registry's entries on the canvas, right of the
// control panel when the overlay is shown, each as large as its shape allows.
#include <algorithm>

#include "view_registry.h"

namespace hp {
namespace {

// Lays views of the given aspect ratios (width/height) out in a row inside a box, each with
// `caption` pixels above it; returns the height unit that fits.
float row_unit(float w, float h, float total_aspect, int count, float caption) {
    return std::max(0.0f, std::min((w - kMargin * float(count - 1)) / total_aspect, h - caption));
}

// Every panel: in one row, or the square ones in a row above the rest, whichever shows them
// larger.
void lay_out_all(Layout* l, float x0, float w, float h, float cap) {
    const std::vector<ViewEntry>& views = view_entries();
    float all = 0, square = 0;
    int panels = 0, squares = 0;
    for (const ViewEntry& v : views) {
        if (v.kind != ViewKind::Panel) continue;
        all += v.aspect, ++panels;
        if (v.aspect == 1.0f) square += 1, ++squares;
    }
    const float one = row_unit(w, h, all, panels, cap);
    const float top = std::min(row_unit(w, (h - kMargin) / 2, square, squares, cap), w / (all - square));
    const float bottom = row_unit(w, h - kMargin - top - cap, all - square, panels - squares, cap);
    float x_top = x0, x_bottom = x0;
    for (std::size_t i = 0; i < views.size(); ++i) {
        const float aspect = views[i].aspect;
        if (views[i].kind != ViewKind::Panel) continue;
        if (one >= top) {
            l->panels[i] = {x_top, kMargin + cap, one * aspect, one};
            x_top += one * aspect + kMargin;
        } else if (aspect == 1.0f) {
            l->panels[i] = {x_top, kMargin + cap, top, top};
            x_top += top + kMargin;
        } else {
            l->panels[i] = {x_bottom, kMargin + top + cap + kMargin + cap, bottom * aspect, bottom};
            x_bottom += bottom * aspect + kMargin;
        }
    }
}

}  // namespace

Layout compute_layout(const DemoState& s, float css_w, float css_h, float scale) {
    Layout l;
    l.scale = scale;
    l.narrow = narrow(css_w);
    const float cap = s.overlay ? kCaption : 0;  // captions are part of the overlay
    const float x0 = (s.overlay && !l.narrow ? kControlsWidth : 0) + kMargin;
    const float top = s.overlay && l.narrow ? kTitleBar + kMargin : 0;  // below the collapsed panel
    const float w = css_w - x0 - kMargin, h = css_h - 2 * kMargin - top;
    const std::vector<ViewEntry>& views = view_entries();
    const std::size_t chosen = std::size_t(s.view);
    if (w <= 0 || h <= 0 || chosen >= views.size() || views[chosen].kind == ViewKind::None) return l;
    if (views[chosen].kind == ViewKind::Panel) {
        const float unit = row_unit(w, h, views[chosen].aspect, 1, cap);
        l.panels[chosen] = {x0, kMargin + cap, unit * views[chosen].aspect, unit};
    } else {
        lay_out_all(&l, x0, w, h, cap);
    }
    for (Panel& p : l.panels) p.y += top;
    for (std::size_t i = 0; i < views.size(); ++i)
        if (views[i].pointer && l.shows(i)) l.pointer = int(i);
    return l;
}

ShownViews shown_views(const Layout& l) {
    ShownViews shown{false, false, false};
    const std::vector<ViewEntry>& views = view_entries();
    for (std::size_t i = 0; i < views.size(); ++i) {
        if (!l.shows(i)) continue;
        shown.volume |= views[i].needs.volume;
        shown.stream |= views[i].needs.stream;
        shown.surface |= views[i].needs.surface;
    }
    return shown;
}

}  // namespace hp
