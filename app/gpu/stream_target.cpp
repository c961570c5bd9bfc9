#include "stream_target.h"

namespace hp {

void clear_stream(const gl::Framebuffer& target) {
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<float> read_stream_rows(const gl::Framebuffer& target, int size, int stream_rows, std::uint32_t count,
                                    int attachment, bool tiles) {
    const std::uint64_t n = std::min<std::uint64_t>(count, std::uint64_t(size) * std::uint64_t(stream_rows));
    std::vector<float> out(std::size_t(n) * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glReadBuffer(GL_COLOR_ATTACHMENT0 + GLenum(attachment));
    // Bands of whole tile rows (4 texel rows), 16 MB at most.
    const int band = std::max(kTileHeight, (1 << 20) / size / kTileHeight * kTileHeight);
    std::vector<float> rows(std::size_t(band) * size * 4);
    const std::uint64_t per_band = std::uint64_t(band) * size;  // keys a band holds in either order
    std::uint64_t done = 0;
    for (int y = 0; done < n; y += band) {
        glReadPixels(0, y, size, std::min(band, stream_rows - y), GL_RGBA, GL_FLOAT, rows.data());
        const std::uint64_t take = std::min<std::uint64_t>(n - done, per_band);
        if (!tiles) {
            std::copy_n(rows.begin(), std::size_t(take) * 4, out.begin() + std::ptrdiff_t(done * 4));
        } else {
            for (std::uint64_t k = 0; k < take; ++k) {
                const TileTexel t = tile_texel(k, std::uint32_t(size));  // the band starts a tile row
                std::copy_n(rows.begin() + std::ptrdiff_t((std::uint64_t(t.y) * size + t.x) * 4), 4,
                            out.begin() + std::ptrdiff_t((done + k) * 4));
            }
        }
        done += take;
    }
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return out;
}

}  // namespace hp
