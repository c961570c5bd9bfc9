#include "stream_target.h"

namespace hp {

void clear_stream(const gl::Framebuffer& target) {
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<float> read_stream_rows(const gl::Framebuffer& target, int size, std::uint32_t count,
                                    int attachment) {
    const std::uint64_t n = std::min<std::uint64_t>(count, std::uint64_t(size) * size);
    std::vector<float> out(std::size_t(n) * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glReadBuffer(GL_COLOR_ATTACHMENT0 + GLenum(attachment));
    const int band = std::max(1, (1 << 20) / size);
    std::vector<float> rows(std::size_t(band) * size * 4);
    std::uint64_t done = 0;
    for (int y = 0; done < n; y += band) {
        glReadPixels(0, y, size, std::min(band, size - y), GL_RGBA, GL_FLOAT, rows.data());
        const std::uint64_t take = std::min<std::uint64_t>(n - done, std::uint64_t(band) * size);
        std::copy_n(rows.begin(), std::size_t(take) * 4, out.begin() + std::ptrdiff_t(done * 4));
        done += take;
    }
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return out;
}

}  // namespace hp
