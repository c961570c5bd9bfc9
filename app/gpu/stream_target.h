// The stream texture's bookkeeping, shared by every compactor: key k is texel
// (k mod S, k div S), or in 8×4 tiles (`tiles`, stream_tiles.h: the surface's vertices); a
// traversal draws only the rows its limit needs and clears the rows the previous one wrote,
// so texels past the written keys always read as zero. A stream is S texels wide and `rows`
// high (S at most): it holds S × rows keys (stream_rows_for: how many rows a number of keys
// takes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gl_objects.h"
#include "stream_tiles.h"

namespace hp {

void clear_stream(const gl::Framebuffer& target);

// The rows of an S-wide stream that hold `keys` keys: a power of two (whole rows of tiles: 4
// or more), at most S.
inline int stream_rows_for(std::uint64_t keys, int size) {
    const std::uint64_t need = std::max<std::uint64_t>((keys + std::uint64_t(size) - 1) / std::uint64_t(size), kTileHeight);
    int rows = kTileHeight;
    while (std::uint64_t(rows) < need && rows < size) rows *= 2;
    return std::min(rows, size);
}

// Clears the rows the last traversal drew, then scissors to the rows `limit` keys need (at
// most the stream's `rows`), sets the traversal program's uLimit (the program must be in use)
// and calls draw(). Returns the rows drawn: the next call's `dirty_rows`.
template <typename Draw>
int draw_stream_rows(const gl::Framebuffer& target, int size, int stream_rows, std::uint32_t limit, int dirty_rows,
                     GLint u_limit, Draw draw, bool tiles = false) {
    const std::uint64_t capped = std::min<std::uint64_t>(limit, std::uint64_t(size) * std::uint64_t(stream_rows));
    const int rows = tiles ? tile_rows(capped, size) : int((capped + std::uint64_t(size) - 1) / std::uint64_t(size));
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glViewport(0, 0, size, size);
    glEnable(GL_SCISSOR_TEST);
    if (std::max(rows, dirty_rows) > 0) {
        glScissor(0, 0, size, std::max(rows, dirty_rows));
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    if (rows > 0) {
        glScissor(0, 0, size, rows);
        glUniform1ui(u_limit, std::uint32_t(capped));
        draw(std::uint32_t(capped));
    }
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return rows;
}

// The first `count` keys (4 floats each; no more than the stream's S × rows), read back in
// row bands (a 4096² RGBA32F stream is 256 MB; the temporary buffer stays at 16 MB).
// `attachment`: which of the target's color attachments (a traversal may write several);
// `tiles`: the keys are in 8×4 tiles, put back in key order here.
std::vector<float> read_stream_rows(const gl::Framebuffer& target, int size, int stream_rows, std::uint32_t count,
                                    int attachment = 0, bool tiles = false);

}  // namespace hp
