#include "settings_buffer.h"

#include "settings_block.h"

namespace hp {

void SettingsBuffer::write(const DemoState& s) {
    std::vector<std::uint32_t> words = settings_block_words(s);
    if (!buffer_) {
        buffer_ = gl::make_buffer();
        words_.clear();
    }
    glBindBufferBase(GL_UNIFORM_BUFFER, kSettingsBinding, buffer_.id());
    if (words == words_) return;
    const GLsizeiptr bytes = GLsizeiptr(words.size() * 4);
    if (words.size() == words_.size()) glBufferSubData(GL_UNIFORM_BUFFER, 0, bytes, words.data());
    else glBufferData(GL_UNIFORM_BUFFER, bytes, words.data(), GL_DYNAMIC_DRAW);
    words_ = std::move(words);
}

void SettingsBuffer::abandon() {
    buffer_.abandon();
    words_.clear();
}

}  // namespace hp
