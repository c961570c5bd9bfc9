// Fuzzes the settings parser (apply_setting, which every URL parameter and hp.set value goes
// through): the input is "name=value" lines, applied one by one as DemoApp::request does.
// Invariants: a rejection has a message with no control character in it and leaves the
// state as it was; an accepted one keeps iso in its range [0, 1] once limits apply, time finite, the layout valid, and
// `expected` within the atlas once the limits are applied.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"

#include "settings.h"

namespace {


// The app's view names, as the registry gives them.
const hp::SettingsContext kContext{{"surface", "all", "slices", "pyramid", "stream", "none"}, {2048, 128}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    hp::DemoState state;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(at, end - at);
        at = end + 1;
        const auto eq = line.find('=');
        const std::string key = line.substr(0, eq), value = eq == std::string::npos ? "" : line.substr(eq + 1);
        const hp::DemoState before = state;
        std::string error;
        if (!hp::apply_setting(&state, key, value, kContext, &error)) {
            check(!error.empty(), "every rejection has a message");
            for (char c : error) check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, "no control character in a message");
            check(hp::same_settings(state, before), "a rejection leaves the state unchanged");
            continue;
        }
        check(std::isfinite(state.iso), "iso finite");
        check(std::isfinite(state.time) && state.time >= 0, "time finite and not negative");
        check(state.expected <= 16384u * 16384u, "expected at most 16384² (512³ in the WebGPU modes)");
        std::string why;
        check(hp::procedural_layout(state).valid(&why), "the layout is valid");
        // The limits that depend on the state, as a request applies them: refused with a
        // message and nothing changed when the line named the row, brought within otherwise.
        const hp::DemoState unlimited = state;
        if (!hp::apply_limits(&state, kContext, {key}, &error)) {
            check(!error.empty() && hp::same_settings(state, unlimited), "a refused limit says why, changes nothing");
            state = before;
            continue;
        }
        check(state.expected <= hp::procedural_layout(state).texel_count(), "expected within the atlas's texels");
        check(state.iso >= 0.0f && state.iso <= 1.0f, "iso within the source's range (0..1: no file here)");
        check(state.source != hp::Source::File, "source=file refused without a file");
    }
    return 0;
}
