// Walks a key of the stream down the pyramid the views show (explain.h): each frame for a view
// that asks for it (its registry hooks' walks_key: the Explain view shows the walk of the `key`
// setting), and once for the API (hp.explain), whichever view is shown. The walk reads back at
// once, so it is taken again only when what it reads may have changed.
#pragma once

#include <cstdint>
#include <string>

#include "backend.h"
#include "explain.h"
#include "explain_pass.h"
#include "frame.h"

namespace hp {

class KeyWalker {
public:
    bool init(std::string* error) { return pass_.init(error); }
    void abandon() { pass_.abandon(); }

    // What a frame's walks read: the state and result in effect, the backend's views' sources,
    // and the serials that say when those change (GpuHost::views_serial, serial_base;
    // FrameScheduler::done).
    struct Frame {
        const DemoState& state;
        const FrameResult& result;
        const Backend* backend;
        std::uint64_t views_serial, serial_base, settings_done;
    };
    // `shown`: the view chosen walks the `key` setting.
    void walk(const Frame& f, bool shown);

    // The view's walk this frame (State::None when no view walks).
    const Explanation& shown() const { return shown_; }
    // hp.explain(key): asks for the walk of `key` in the next frames; asked() gives it once a
    // frame has walked it after the request (State::Pending until). views_serial: now's;
    // `now`: the views read the last frame's own resources, so the next frame walks them (in
    // WebGPU the walk waits for copies made after the request).
    void ask(std::uint32_t key, std::uint64_t views_serial, bool now);
    const Explanation& asked() const { return asked_; }
    bool asking() const { return asked_.state == Explanation::State::Pending; }

private:
    Explanation walk_key(const Frame& f, std::uint32_t key);

    ExplainPass pass_;
    Explanation shown_, asked_;
    // The asked walk is taken from views' sources this new (their shown_serial): in WebGPU a copy
    // issued before the request may arrive after it.
    std::uint64_t ask_from_ = 0;
    // What the view's walk was made from (walk() walks again only when it changes).
    struct Walked {
        std::uint32_t key = 0;
        std::uint64_t settings = 0, base = 0, serial = 0;
        DemoState state;
    } walked_;
};

}  // namespace hp
