#include "json_reader.h"

#include <cstdlib>

namespace hp {
namespace {

class Reader {
public:
    explicit Reader(std::string_view t) : t_(t) {}

    bool document(JsonValue* out) {
        if (t_.size() > kJsonMaxBytes) return fail("the text is past " + std::to_string(kJsonMaxBytes) + " bytes");
        if (!value(out, 0)) return false;
        space();
        return at_ == t_.size() || fail("text after the value");
    }
    std::string error;

private:
    bool fail(const std::string& what) {
        if (error.empty()) error = "JSON at byte " + std::to_string(at_) + ": " + what;
        return false;
    }
    void space() {
        while (at_ < t_.size() && (t_[at_] == ' ' || t_[at_] == '\t' || t_[at_] == '\n' || t_[at_] == '\r')) ++at_;
    }
    bool literal(std::string_view word) {
        if (t_.substr(at_, word.size()) != word) return fail("an unknown word");
        at_ += word.size();
        return true;
    }
    bool value(JsonValue* v, std::size_t depth) {
        if (depth >= kJsonMaxDepth) return fail("nested past " + std::to_string(kJsonMaxDepth) + " levels");
        space();
        if (at_ >= t_.size()) return fail("the text ends where a value should be");
        const char c = t_[at_];
        if (c == '{') return object(v, depth);
        if (c == '[') return array(v, depth);
        if (c == '"') { v->kind = JsonValue::Kind::String; return string(&v->text); }
        if (c == 't') { v->kind = JsonValue::Kind::Bool; v->boolean = true; return literal("true"); }
        if (c == 'f') { v->kind = JsonValue::Kind::Bool; return literal("false"); }
        if (c == 'n') { v->kind = JsonValue::Kind::Null; return literal("null"); }
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        return fail("not a value");
    }
    bool object(JsonValue* v, std::size_t depth) {
        v->kind = JsonValue::Kind::Object;
        ++at_;
        space();
        if (at_ < t_.size() && t_[at_] == '}') return ++at_, true;
        for (;;) {
            space();
            if (at_ >= t_.size() || t_[at_] != '"') return fail("a member's name must be a string");
            std::string name;
            if (!string(&name)) return false;
            space();
            if (at_ >= t_.size() || t_[at_] != ':') return fail("a ':' must follow a member's name");
            ++at_;
            JsonValue member;
            if (!value(&member, depth + 1)) return false;
            v->members.emplace_back(std::move(name), std::move(member));
            space();
            if (at_ < t_.size() && t_[at_] == ',') { ++at_; continue; }
            if (at_ < t_.size() && t_[at_] == '}') return ++at_, true;
            return fail("a ',' or '}' must follow a member");
        }
    }
    bool array(JsonValue* v, std::size_t depth) {
        v->kind = JsonValue::Kind::Array;
        ++at_;
        space();
        if (at_ < t_.size() && t_[at_] == ']') return ++at_, true;
        for (;;) {
            JsonValue item;
            if (!value(&item, depth + 1)) return false;
            v->items.push_back(std::move(item));
            space();
            if (at_ < t_.size() && t_[at_] == ',') { ++at_; continue; }
            if (at_ < t_.size() && t_[at_] == ']') return ++at_, true;
            return fail("a ',' or ']' must follow an item");
        }
    }
    bool digits() {
        const std::size_t from = at_;
        while (at_ < t_.size() && t_[at_] >= '0' && t_[at_] <= '9') ++at_;
        return at_ > from;
    }
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    bool number(JsonValue* v) {
        const std::size_t from = at_;
        if (t_[at_] == '-') ++at_;
        if (at_ < t_.size() && t_[at_] == '0') ++at_;
        else if (!digits()) return fail("a number needs digits");
        if (at_ < t_.size() && t_[at_] == '.' && (++at_, !digits())) return fail("a number needs digits after its '.'");
        if (at_ < t_.size() && (t_[at_] == 'e' || t_[at_] == 'E')) {
            ++at_;
            if (at_ < t_.size() && (t_[at_] == '+' || t_[at_] == '-')) ++at_;
            if (!digits()) return fail("a number needs digits in its exponent");
        }
        v->kind = JsonValue::Kind::Number;
        v->text = std::string(t_.substr(from, at_ - from));
        v->number = std::strtod(v->text.c_str(), nullptr);
        return true;
    }
    bool hex4(unsigned* u) {
        if (at_ + 4 > t_.size()) return fail("a \\u escape needs four hex digits");
        *u = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = t_[at_++];
            const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return fail("a \\u escape needs four hex digits");
            *u = *u * 16 + unsigned(d);
        }
        return true;
    }
    static void utf8(unsigned cp, std::string* out) {
        if (cp < 0x80) { out->push_back(char(cp)); return; }
        if (cp < 0x800) { out->push_back(char(0xc0 | (cp >> 6))); }
        else if (cp < 0x10000) { out->push_back(char(0xe0 | (cp >> 12))); out->push_back(char(0x80 | ((cp >> 6) & 0x3f))); }
        else {
            out->push_back(char(0xf0 | (cp >> 18)));
            out->push_back(char(0x80 | ((cp >> 12) & 0x3f)));
            out->push_back(char(0x80 | ((cp >> 6) & 0x3f)));
        }
        out->push_back(char(0x80 | (cp & 0x3f)));
    }
    bool string(std::string* out) {
        ++at_;  // the opening quote
        for (;;) {
            if (at_ >= t_.size()) return fail("a string is not closed");
            const char c = t_[at_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return --at_, fail("a control character inside a string");
            if (c != '\\') { out->push_back(c); continue; }
            if (at_ >= t_.size()) return fail("a string is not closed");
            const char e = t_[at_++];
            switch (e) {
                case '"': case '\\': case '/': out->push_back(e); break;
                case 'b': out->push_back('\b'); break;
                case 'f': out->push_back('\f'); break;
                case 'n': out->push_back('\n'); break;
                case 'r': out->push_back('\r'); break;
                case 't': out->push_back('\t'); break;
                case 'u': {
                    unsigned cp = 0;
                    if (!hex4(&cp)) return false;
                    if (cp >= 0xdc00 && cp <= 0xdfff) return fail("a lone low surrogate");
                    if (cp >= 0xd800 && cp <= 0xdbff) {
                        unsigned low = 0;
                        if (t_.substr(at_, 2) != "\\u") return fail("a high surrogate without its low one");
                        at_ += 2;
                        if (!hex4(&low)) return false;
                        if (low < 0xdc00 || low > 0xdfff) return fail("a high surrogate without its low one");
                        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    }
                    utf8(cp, out);
                    break;
                }
                default: return --at_, fail("an unknown escape");
            }
        }
    }

    std::string_view t_;
    std::size_t at_ = 0;
};

}  // namespace

bool read_json(std::string_view text, JsonValue* out, std::string* error) {
    Reader r(text);
    JsonValue v;
    if (!r.document(&v)) {
        *error = r.error;
        return false;
    }
    *out = std::move(v);
    return true;
}

bool json_scalar_text(const JsonValue& v, std::string* out) {
    switch (v.kind) {
        case JsonValue::Kind::String: case JsonValue::Kind::Number: *out = v.text; return true;
        case JsonValue::Kind::Bool: *out = v.boolean ? "true" : "false"; return true;
        default: return false;
    }
}

const JsonValue* json_member(const JsonValue& object, std::string_view name) {
    if (object.kind != JsonValue::Kind::Object) return nullptr;
    for (const auto& [key, value] : object.members)
        if (key == name) return &value;
    return nullptr;
}

}  // namespace hp
