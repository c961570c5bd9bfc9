#include "key_walker.h"

#include "settings.h"

namespace hp {

void KeyWalker::ask(std::uint32_t key, std::uint64_t views_serial, bool now) {
    asked_ = Explanation();
    asked_.key = key;
    asked_.state = Explanation::State::Pending;
    ask_from_ = now ? views_serial : views_serial + 2;
}

// Walks `key` down the pyramid the views show (in the WebGPU modes, their copy of it; a scan's
// tiles for webgpu-scan). Pending while the views have nothing yet.
Explanation KeyWalker::walk_key(const Frame& f, std::uint32_t key) {
    Explanation e;
    e.key = key;
    e.state = Explanation::State::Pending;
    const ViewSources v = f.backend ? f.backend->view_sources() : ViewSources();
    if (!v.volume || !v.pyramid) return e;
    std::string error;
    bool ok = true;
    if (v.pyramid->has_levels()) {
        ok = pass_.walk(*v.pyramid, *v.volume, f.state.classify, f.state.iso, &e, &error);
    } else if (v.scan) {
        e.count = f.result.count;
        e.scan = true;
        if (refuse_past_count(&e)) return e;
        e.place = scan_place(v.scan->starts, v.scan->size, key);
        ok = pass_.find_in_tile(*v.pyramid, *v.volume, f.state.classify, f.state.iso, &e, &error);
        // The copy the views show is of an older frame than the count: its stream ends earlier.
        if (!ok && e.state == Explanation::State::Refused) return e;
    }
    if (!ok) {
        e.state = Explanation::State::Refused;
        e.error = "the walk failed: " + error;
    }
    return e;
}

void KeyWalker::walk(const Frame& f, bool shown) {
    const std::uint32_t key = key_to_explain(f.state.key, f.result.count);
    // Walk again only when what the walk reads may have changed (the key, a setting or the time,
    // a load, a new backend) and for a few frames or copies after that (a WebGPU copy arrives
    // frames after its frame). A paused view costs nothing.
    const bool changed = walked_.key != key || walked_.settings != f.settings_done || walked_.base != f.serial_base ||
                         !same_settings(walked_.state, f.state);
    if (changed) walked_ = {key, f.settings_done, f.serial_base, f.views_serial, f.state};
    const bool settled = f.views_serial >= walked_.serial + 3;
    const bool have = shown_.state == Explanation::State::Ready || shown_.state == Explanation::State::Refused;
    if (!shown) {
        shown_ = Explanation();
    } else if (changed || !settled || !have) {
        shown_ = walk_key(f, key);
        // The middle of the stream: of the walk's own count where the frame's is not the
        // pyramid's (an expected count, a scan's copy of an older frame).
        if (f.state.key < 0 && shown_.state == Explanation::State::Refused && shown_.count > 0 &&
            shown_.key != shown_.count / 2)
            shown_ = walk_key(f, shown_.count / 2);
    }
    if (!asking() || f.views_serial < ask_from_) return;
    asked_ = shown && shown_.key == asked_.key && settled ? shown_ : walk_key(f, asked_.key);
}

}  // namespace hp
