#include "wgsl_bindings.h"

#include <cctype>

namespace hp {

const char* name_of(BindingKind k) {
    switch (k) {
        case BindingKind::Uniform: return "var<uniform>";
        case BindingKind::ReadOnly: return "var<storage, read>";
        case BindingKind::ReadWrite: return "var<storage, read_write>";
    }
    return "?";
}

namespace {

// The source with comments blanked out (line and block comments; block comments nest in WGSL).
std::string without_comments(const std::string& s) {
    std::string out = s;
    int depth = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (depth == 0 && s.compare(i, 2, "//") == 0) {
            while (i < s.size() && s[i] != '\n') out[i++] = ' ';
            continue;
        }
        if (s.compare(i, 2, "/*") == 0) {
            ++depth;
            out[i] = out[i + 1] = ' ';
            ++i;
            continue;
        }
        if (depth > 0 && s.compare(i, 2, "*/") == 0) {
            --depth;
            out[i] = out[i + 1] = ' ';
            ++i;
            continue;
        }
        if (depth > 0 && s[i] != '\n') out[i] = ' ';
    }
    return out;
}

struct Reader {
    const std::string& s;
    std::size_t at;
    void space() {
        while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
    }
    bool literal(const char* text) {
        space();
        const std::string t(text);
        if (s.compare(at, t.size(), t) != 0) return false;
        at += t.size();
        return true;
    }
    std::string word() {
        space();
        const std::size_t start = at;
        while (at < s.size() && (std::isalnum(static_cast<unsigned char>(s[at])) || s[at] == '_')) ++at;
        return s.substr(start, at - start);
    }
    bool number(int* out) {
        const std::string w = word();
        if (w.empty() || w.find_first_not_of("0123456789") != std::string::npos || w.size() > 6) return false;
        *out = std::stoi(w);
        return true;
    }
    // `@name(number)`
    bool attribute(const char* name, int* out) { return literal("@") && word() == name && literal("(") && number(out) && literal(")"); }
};

int line_of(const std::string& s, std::size_t at) {
    int line = 1;
    for (std::size_t i = 0; i < at && i < s.size(); ++i) line += s[i] == '\n';
    return line;
}

}  // namespace

std::vector<WgslBinding> parse_wgsl_bindings(const std::string& wgsl, std::string* error) {
    const std::string s = without_comments(wgsl);
    std::vector<WgslBinding> out;
    for (std::size_t at = s.find("@group"); at != std::string::npos; at = s.find("@group", at + 1)) {
        Reader r{s, at};
        WgslBinding b;
        const bool ok = r.attribute("group", &b.group) && r.attribute("binding", &b.index) && r.word() == "var" &&
                        r.literal("<");
        std::string space = ok ? r.word() : "";
        std::string access;
        bool read = ok;
        if (read && r.literal(",")) access = r.word();
        read = read && r.literal(">");
        b.name = read ? r.word() : "";
        if (space == "uniform" && access.empty()) b.kind = BindingKind::Uniform;
        else if (space == "storage" && (access.empty() || access == "read")) b.kind = BindingKind::ReadOnly;
        else if (space == "storage" && access == "read_write") b.kind = BindingKind::ReadWrite;
        else read = false;
        if (!read || b.name.empty()) {
            if (error) *error = "line " + std::to_string(line_of(wgsl, at)) + ": a @group declaration that is not "
                                "`@group(g) @binding(i) var<uniform | storage[, read | read_write]> name`";
            return {};
        }
        out.push_back(b);
    }
    return out;
}

bool check_wgsl_bindings(const std::string& shader, const std::string& wgsl, const std::vector<BindingSpec>& specs,
                         std::string* error) {
    std::string why;
    const std::vector<WgslBinding> found = parse_wgsl_bindings(wgsl, &why);
    if (!why.empty()) {
        *error = shader + ": " + why;
        return false;
    }
    std::vector<const WgslBinding*> at(specs.size(), nullptr);
    for (const WgslBinding& b : found) {
        const std::string where = shader + ": @group(" + std::to_string(b.group) + ") @binding(" +
                                  std::to_string(b.index) + ") " + b.name;
        if (b.group != 0) {
            *error = where + ": only group 0 is bound";
            return false;
        }
        if (b.index < 0 || std::size_t(b.index) >= specs.size()) {
            *error = where + " is declared in the shader but the pipeline binds " + std::to_string(specs.size()) +
                     " bindings (0 to " + std::to_string(int(specs.size()) - 1) + ")";
            return false;
        }
        if (at[std::size_t(b.index)]) {
            *error = where + " is declared twice (also as " + at[std::size_t(b.index)]->name + ")";
            return false;
        }
        at[std::size_t(b.index)] = &b;
    }
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const BindingSpec& want = specs[i];
        const std::string expected = std::string(name_of(want.kind)) + " " + want.name;
        const std::string where = shader + ": @binding(" + std::to_string(i) + ")";
        if (!at[i]) {
            *error = where + ": the pipeline expects " + expected + ", the shader declares nothing there";
            return false;
        }
        if (at[i]->name != want.name || at[i]->kind != want.kind) {
            *error = where + ": the pipeline expects " + expected + ", the shader declares " + name_of(at[i]->kind) +
                     " " + at[i]->name;
            return false;
        }
    }
    return true;
}

}  // namespace hp
