#include "frame_scheduler.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace hp {

bool FrameScheduler::request(const std::string& settings, const SettingsContext& context, Sources* sources,
                             const std::function<bool(const DemoState&, std::string*)>& check, std::string* error) {
    DemoState next = pending_;
    std::istringstream in(settings);
    std::string pair;
    std::vector<std::string> given;
    while (std::getline(in, pair, '\n')) {
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = pair.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        if (!apply_setting(&next, key, value, context, error)) return false;
        given.push_back(key);
    }
    // A new source brings back its own iso unless the request gives one.
    const bool new_iso = next.source != pending_.source && std::find(given.begin(), given.end(), "iso") == given.end();
    if (new_iso) next.iso = sources->iso_of(next.source);
    if (!check(next, error) || !apply_limits(&next, context, given, error)) return false;
    if (new_iso) sources->keep_iso(pending_);
    pending_ = next;
    ++requested_;
    return true;
}

bool FrameScheduler::apply() {
    const bool new_window = pending_.timestamps != state_.timestamps || pending_.pyramid != state_.pyramid ||
                            pending_.scan != state_.scan;
    state_ = pending_;
    issued_ = requested_;
    return new_window;
}

void FrameScheduler::replace(const DemoState& s) {
    state_ = pending_ = s;
    ++requested_;
}

void FrameScheduler::advance(double dt_seconds) {
    if (state_.paused) return;
    state_.time += dt_seconds;
    pending_.time = state_.time;
}

void FrameScheduler::complete(const FrameResult& r) {
    result_ = r;
    ++frame_;
    done_ = issued_;
}

}  // namespace hp
