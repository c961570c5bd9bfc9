#include "wgsl_bindings.h"

#include <algorithm>
#include <cctype>
#include <sstream>

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
        } else if (s.compare(i, 2, "/*") == 0 || (depth > 0 && s.compare(i, 2, "*/") == 0)) {
            depth += s[i] == '/' ? 1 : -1;
            out[i] = out[i + 1] = ' ';
            ++i;
        } else if (depth > 0 && s[i] != '\n') {
            out[i] = ' ';
        }
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
    return 1 + int(std::count(s.begin(), s.begin() + std::ptrdiff_t(std::min(at, s.size())), '\n'));
}

std::string trimmed(const std::string& s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t\r\n") + 1 - first);
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
        const std::size_t end = s.find(';', r.at);
        if (read && r.literal(":") && end != std::string::npos) b.type = trimmed(s.substr(r.at, end - r.at));
        if (!read || b.name.empty() || b.type.empty()) {
            if (error) *error = "line " + std::to_string(line_of(wgsl, at)) + ": a @group declaration that is not "
                                "`@group(g) @binding(i) var<uniform | storage[, read | read_write]> name: Type;`";
            return {};
        }
        out.push_back(b);
    }
    return out;
}

bool wgsl_layout(const std::string& shader, const std::string& wgsl, std::vector<WgslBinding>* layout,
                 std::string* error) {
    std::string why;
    const std::vector<WgslBinding> found = parse_wgsl_bindings(wgsl, &why);
    if (!why.empty()) {
        *error = shader + ": " + why;
        return false;
    }
    int top = -1;
    for (const WgslBinding& b : found) top = std::max(top, b.index);
    std::vector<const WgslBinding*> at(std::size_t(top + 1), nullptr);
    for (const WgslBinding& b : found) {
        const std::string where = shader + ": @group(" + std::to_string(b.group) + ") @binding(" +
                                  std::to_string(b.index) + ") " + b.name;
        if (b.group != 0) why = where + ": only group 0 is bound";
        else if (at[std::size_t(b.index)]) why = where + " is declared twice (also as " + at[std::size_t(b.index)]->name + ")";
        for (const WgslBinding* o : at)
            if (why.empty() && o && o->name == b.name) why = where + ": the name is bound twice (also at " + std::to_string(o->index) + ")";
        if (!why.empty()) break;
        at[std::size_t(b.index)] = &b;
    }
    for (std::size_t i = 0; why.empty() && i < at.size(); ++i)
        if (!at[i]) why = shader + ": no @binding(" + std::to_string(i) + "): the bindings are numbered from 0 with none missing";
    if (!why.empty()) {
        *error = why;
        return false;
    }
    layout->clear();
    for (const WgslBinding* b : at) layout->push_back(*b);
    return true;
}

bool check_wgsl_bindings(const std::string& shader, const std::string& wgsl, const std::vector<BindingSpec>& specs,
                         std::string* error) {
    std::vector<WgslBinding> layout;
    if (!wgsl_layout(shader, wgsl, &layout, error)) return false;
    for (std::size_t i = 0; i < std::max(specs.size(), layout.size()); ++i) {
        const std::string where = shader + ": @binding(" + std::to_string(i) + "): ";
        const std::string declared =
            i < layout.size() ? std::string(name_of(layout[i].kind)) + " " + layout[i].name : "nothing there";
        if (i >= specs.size()) {
            *error = where + "the shader declares " + declared + ", the pipeline binds " + std::to_string(specs.size()) +
                     " bindings";
            return false;
        }
        const std::string expected = std::string(name_of(specs[i].kind)) + " " + specs[i].name;
        if (expected != declared) {
            *error = where + "the pipeline expects " + expected + ", the shader declares " + declared;
            return false;
        }
    }
    return true;
}

bool wgsl_bind_slots(const std::string& shader, const std::vector<WgslBinding>& layout,
                     const std::vector<std::string>& names, std::vector<int>* slots, std::string* error) {
    slots->assign(names.size(), -1);
    std::vector<bool> bound(layout.size(), false);
    std::string declared;
    for (const WgslBinding& b : layout) declared += (declared.empty() ? "" : ", ") + b.name;
    for (std::size_t k = 0; k < names.size(); ++k) {
        for (std::size_t i = 0; i < layout.size(); ++i)
            if (layout[i].name == names[k]) (*slots)[k] = int(i);
        const int i = (*slots)[k];
        if (i < 0) {
            *error = shader + ": binds '" + names[k] + "', which the kernel does not declare (it declares " + declared + ")";
            return false;
        }
        if (bound[std::size_t(i)]) {
            *error = shader + ": binds '" + names[k] + "' twice";
            return false;
        }
        bound[std::size_t(i)] = true;
    }
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (!bound[i]) {
            *error = shader + ": leaves @binding(" + std::to_string(i) + ") " + layout[i].name + " unbound";
            return false;
        }
    return true;
}

std::string WgslModule::where(int line) const {
    for (const Chunk& c : chunks)
        if (line >= c.first_line && line < c.first_line + c.lines) return c.name + ":" + std::to_string(line - c.first_line + 1);
    return "";
}

std::string WgslModule::name_lines(const std::string& message) const {
    std::string out;
    const auto digit = [&](std::size_t k) { return k < message.size() && std::isdigit(static_cast<unsigned char>(message[k])); };
    for (std::size_t i = 0; i < message.size(); ++i) {
        std::size_t j = i + 1;  // ":line:column" from i: the line's digits end at j
        while (message[i] == ':' && digit(j) && j - i < 8) ++j;
        const std::string named = j > i + 1 && message[j] == ':' && digit(j + 1) ? where(std::stoi(message.substr(i + 1, j - i - 1))) : "";
        out += named.empty() ? message.substr(i, 1) : named;
        if (!named.empty()) i = j - 1;
    }
    return out;
}

namespace {

struct Resolver {
    const WgslLookup& lookup;
    const WgslChoices& choices;
    WgslModule* module;
    std::vector<bool> chosen;
    std::vector<std::string> enables, open;
    std::string body;
    int lines = 0;  // of body

    bool add(const std::string& name, const std::string& by, std::string* error) {
        const char* text = lookup(name);
        if (!text) {
            *error = by + (by.empty() ? "the kernel " : " includes ") + name + (by.empty() ? " is" : ", which is") +
                     " not a file of shaders/ in this build";
            return false;
        }
        open.push_back(name);
        std::istringstream in(text);
        std::string own, line;
        bool code = false;
        for (int n = 1; std::getline(in, line); ++n) {
            const std::string t = trimmed(line);
            const std::string here = name + ":" + std::to_string(n);
            if (t.compare(0, 10, "//!include") == 0) {
                std::string target = trimmed(t.substr(10));
                if (code) {
                    *error = here + ": an //!include after the code begins (includes go in the file's header)";
                    return false;
                }
                if (target.size() > 2 && target.front() == '{' && target.back() == '}') {
                    const std::string slot = target.substr(1, target.size() - 2);
                    std::size_t c = 0;
                    while (c < choices.size() && choices[c].first != slot) ++c;
                    if (c == choices.size()) {
                        *error = here + " includes " + target + ", for which the pipeline chooses no chunk";
                        return false;
                    }
                    chosen[c] = true;
                    target = choices[c].second;
                }
                if (std::find(open.begin(), open.end(), target) != open.end()) {
                    *error = here + " includes " + target + ", which includes " + name + ": a circle";
                    return false;
                }
                const bool done = std::any_of(module->chunks.begin(), module->chunks.end(),
                                              [&](const WgslModule::Chunk& k) { return k.name == target; });
                if (!done && !add(target, here, error)) return false;
            } else if (t.compare(0, 7, "enable ") == 0) {
                if (std::find(enables.begin(), enables.end(), t) == enables.end()) enables.push_back(t);
                line = "// " + t + "  (moved to the module's first lines)";
            } else if (!t.empty() && t.compare(0, 2, "//") != 0) {
                code = true;
            }
            own += line + "\n";
        }
        open.pop_back();
        body += "// #line 1 \"" + name + "\"\n";
        const int own_lines = int(std::count(own.begin(), own.end(), '\n'));
        module->chunks.push_back({name, lines + 2, own_lines});
        body += own;
        lines += 1 + own_lines;
        return true;
    }
};

}  // namespace

bool resolve_wgsl(const std::string& file, const WgslLookup& lookup, const WgslChoices& choices, WgslModule* module,
                  std::string* error) {
    *module = WgslModule();
    Resolver r{lookup, choices, module, std::vector<bool>(choices.size(), false), {}, {}, "", 0};
    std::string why;
    if (!r.add(file, "", &why)) {
        *error = why;
        return false;
    }
    for (std::size_t c = 0; c < choices.size(); ++c)
        if (!r.chosen[c]) {
            *error = file + ": chooses " + choices[c].second + " for {" + choices[c].first + "}, which no file includes";
            return false;
        }
    for (const std::string& e : r.enables) module->code += e + "\n";
    for (WgslModule::Chunk& c : module->chunks) c.first_line += int(r.enables.size());
    module->code += r.body;
    return true;
}

}  // namespace hp
