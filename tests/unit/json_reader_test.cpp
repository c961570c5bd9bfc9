// The JSON reader (app/core/json_reader.h) and hp.set's settings read with it
// (app/core/settings/settings_json.h).
#include <gtest/gtest.h>

#include <string>

#include "json_reader.h"
#include "json_writer.h"
#include "settings_json.h"

namespace {

hp::JsonValue read_ok(const std::string& text) {
    hp::JsonValue v;
    std::string error;
    EXPECT_TRUE(hp::read_json(text, &v, &error)) << text << ": " << error;
    return v;
}

std::string read_error(const std::string& text) {
    hp::JsonValue v;
    std::string error;
    EXPECT_FALSE(hp::read_json(text, &v, &error)) << text;
    return error;
}

TEST(JsonReader, ReadsEveryKindInOrder) {
    const hp::JsonValue v = read_ok(R"( {"b": true, "n": -12.5e-1, "s": "a\"b\\c\n\u00e9\ud83d\ude00", "a": [1, null, false, {}], "z": 0} )");
    ASSERT_EQ(v.kind, hp::JsonValue::Kind::Object);
    ASSERT_EQ(v.members.size(), 5u);
    EXPECT_EQ(v.members[0].first, "b");
    EXPECT_TRUE(v.members[0].second.boolean);
    EXPECT_EQ(v.members[1].second.text, "-12.5e-1");  // the digits as the page wrote them
    EXPECT_DOUBLE_EQ(v.members[1].second.number, -1.25);
    EXPECT_EQ(v.members[2].second.text, "a\"b\\c\n\xc3\xa9\xf0\x9f\x98\x80");  // é and 😀 in UTF-8
    const hp::JsonValue& a = v.members[3].second;
    ASSERT_EQ(a.items.size(), 4u);
    EXPECT_EQ(a.items[1].kind, hp::JsonValue::Kind::Null);
    EXPECT_EQ(a.items[3].kind, hp::JsonValue::Kind::Object);
    EXPECT_EQ(v.members[4].second.text, "0");
}

TEST(JsonReader, ReadsWhatTheWriterWrites) {
    hp::JsonWriter w;
    w.begin_object().key("name").string("tab\there \"quoted\"").key("dims").begin_array().number(64).number(3.5).end_array().end_object();
    const hp::JsonValue v = read_ok(w.text());
    EXPECT_EQ(v.members[0].second.text, "tab\there \"quoted\"");
    EXPECT_DOUBLE_EQ(v.members[1].second.items[1].number, 3.5);
}

TEST(JsonReader, RefusesWhatJsonRefusesNamingTheByte) {
    EXPECT_EQ(read_error("{\"a\": 1,}"), "JSON at byte 8: a member's name must be a string");
    EXPECT_EQ(read_error("[1 2]"), "JSON at byte 3: a ',' or ']' must follow an item");
    EXPECT_EQ(read_error("{} x"), "JSON at byte 3: text after the value");
    EXPECT_NE(read_error("\"a\nb\"").find("a control character inside a string"), std::string::npos);
    EXPECT_NE(read_error("01").find("text after the value"), std::string::npos);
    EXPECT_NE(read_error("1.").find("digits after its '.'"), std::string::npos);
    EXPECT_NE(read_error("-").find("needs digits"), std::string::npos);
    EXPECT_NE(read_error("\"\\ud83d\"").find("without its low one"), std::string::npos);
    EXPECT_NE(read_error("\"\\ude00\"").find("lone low surrogate"), std::string::npos);
    EXPECT_NE(read_error("\"\\x\"").find("unknown escape"), std::string::npos);
    EXPECT_NE(read_error("tru").find("unknown word"), std::string::npos);
    EXPECT_NE(read_error("").find("ends where a value should be"), std::string::npos);
    EXPECT_NE(read_error("\"abc").find("not closed"), std::string::npos);
}

TEST(JsonReader, BoundsDepthAndSize) {
    EXPECT_NE(read_error(std::string(100000, '[')).find("nested past 64 levels"), std::string::npos);
    read_ok(std::string(63, '[') + std::string(63, ']'));
    EXPECT_NE(read_error("\"" + std::string(hp::kJsonMaxBytes, 'a') + "\"").find("past 1048576 bytes"), std::string::npos);
}

TEST(SettingsJson, LinesAsTheUrlGivesThem) {
    std::string lines, error;
    ASSERT_TRUE(hp::settings_lines_from_json(R"({"pyramid": "vec4", "iso": 0.4, "paused": true, "volume": 64})", &lines, &error)) << error;
    EXPECT_EQ(lines, "pyramid=vec4\niso=0.4\npaused=true\nvolume=64\n");
    ASSERT_TRUE(hp::settings_lines_from_json("{}", &lines, &error));
    EXPECT_EQ(lines, "");
}

TEST(SettingsJson, RefusesWhatCouldSmuggleASetting) {
    std::string lines = "kept", error;
    EXPECT_FALSE(hp::settings_lines_from_json(R"({"iso": "0.3\npyramid=vec4"})", &lines, &error));
    EXPECT_EQ(error, "iso: a setting with a control character is not accepted");
    EXPECT_FALSE(hp::settings_lines_from_json(R"({"is\to": 1})", &lines, &error));
    EXPECT_EQ(error, "is?o: a setting with a control character is not accepted");
    EXPECT_FALSE(hp::settings_lines_from_json(R"({"iso": {"a": 1}})", &lines, &error));
    EXPECT_EQ(error, "iso: a value must be a string, number or boolean");
    EXPECT_FALSE(hp::settings_lines_from_json(R"({"iso": null})", &lines, &error));
    EXPECT_FALSE(hp::settings_lines_from_json(R"([1])", &lines, &error));
    EXPECT_EQ(error, "the settings must be an object of names and values");
    EXPECT_EQ(lines, "kept");
}

}  // namespace
