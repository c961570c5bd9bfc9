#include "display_copy.h"

#include <algorithm>

namespace hp::wgpu {

void DisplayCopy::issue(const DisplaySources& from) {
    if (rows_ <= 0 || stream_) return;
    const int s = layout_.atlas;
    if (volume_) atlas_ = read(from.atlas, 0, 4 * s * layout_.volume_rows());
    if (volume_ && from.levels) levels_ = read(from.levels, 0, int(4 * from.level_words));
    stream_ = read(from.stream, 0, 16 * s * rows_);
    level_words_ = from.level_words;
    rows_issued_ = rows_;
}

bool DisplayCopy::take(ComputeDisplay* out, int stream_rows, bool volume) {
    rows_ = std::max(0, std::min(stream_rows, layout_.atlas));
    volume_ = volume;
    if (!stream_) return false;
    bool failed = false;
    for (const Ticket* t : {&atlas_, &levels_, &stream_}) {
        if (!*t) continue;
        const int state = t->state();
        if (state == 0) return false;
        failed = failed || state < 0;
    }
    const int s = layout_.atlas;
    out->atlas.assign(atlas_ && !failed ? std::size_t(s) * layout_.volume_rows() : 0, 0.0f);
    out->levels.assign(levels_ && !failed ? level_words_ : 0, 0u);
    out->stream_rows = failed ? 0 : rows_issued_;
    out->stream.assign(std::size_t(s) * std::size_t(out->stream_rows) * 4, 0.0f);
    atlas_.take(out->atlas.data(), int(out->atlas.size() * 4));
    levels_.take(out->levels.data(), int(out->levels.size() * 4));
    stream_.take(out->stream.data(), int(out->stream.size() * 4));
    return !failed;
}

}  // namespace hp::wgpu
