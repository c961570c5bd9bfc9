// The JSON writer (app/core/json_writer.h): commas and colons through nesting, strings escaped
// as the page's API has always escaped them, numbers at the precision asked, and null for a
// number JSON cannot hold.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "json_writer.h"

namespace hp {
namespace {

TEST(JsonWriter, NestsObjectsAndArrays) {
    JsonWriter w;
    w.begin_object();
    w.key("a").integer(1);
    w.key("b").begin_array().integer(2);
    w.begin_object().key("c").null().end_object();
    w.begin_array().end_array();
    w.end_array();
    w.key("d").begin_object().end_object();
    w.key("e").boolean(true).key("f").boolean(false);
    w.end_object();
    EXPECT_EQ(w.text(), R"({"a":1,"b":[2,{"c":null},[]],"d":{},"e":true,"f":false})");
}

TEST(JsonWriter, TopLevelValuesAndRaw) {
    JsonWriter a;
    a.string("pending");
    EXPECT_EQ(a.text(), R"("pending")");
    JsonWriter b;
    b.begin_array().raw(R"({"x":1})").raw("null").end_array();
    EXPECT_EQ(b.text(), R"([{"x":1},null])");
    JsonWriter c;
    c.begin_object().key("inner").raw(a.text()).key("n").integer(-7).end_object();
    EXPECT_EQ(c.text(), R"({"inner":"pending","n":-7})");
}

TEST(JsonWriter, EscapesStrings) {
    EXPECT_EQ(json_string(""), R"("")");
    EXPECT_EQ(json_string(R"(say "hi" \ bye)"), R"("say \"hi\" \\ bye")");
    EXPECT_EQ(json_string("tab\tline\nbell\x07 unit\x1f"), R"("tab\u0009line\u000abell\u0007 unit\u001f")");
    EXPECT_EQ(json_string(std::string("nul\0!", 5)), R"("nul\u0000!")");
    EXPECT_EQ(json_string("\x7f / ±Inf → µm"), "\"\x7f / ±Inf → µm\"");  // DEL, slash and UTF-8 as they are
    JsonWriter w;
    w.begin_object().key("we\"ird").string("a\\b").end_object();
    EXPECT_EQ(w.text(), R"({"we\"ird":"a\\b"})");
}

TEST(JsonWriter, NumbersAtThePrecisionAsked) {
    JsonWriter w;
    w.begin_array();
    w.number(0.1);            // %.17g: the double back exactly
    w.number(0.1f, 9);        // %.9g: the float back exactly
    w.number(3);              // whole numbers without a point
    w.number(9007199254740993.0);
    w.number(-1e23);          // the double nearest, all 17 digits
    w.fixed(1.25, 6);
    w.fixed(0, 6);
    w.integer(4294967295u);
    w.integer(-9007199254740993);
    w.end_array();
    EXPECT_EQ(w.text(),
              "[0.10000000000000001,0.100000001,3,9007199254740992,-9.9999999999999992e+22,1.250000,0.000000,"
              "4294967295,-9007199254740993]");
}

TEST(JsonWriter, NonFiniteNumbersAreNull) {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    JsonWriter w;
    w.begin_object();
    w.key("a").number(nan).key("b").number(inf, 9).key("c").fixed(-inf, 6).key("d").number(1);
    w.end_object();
    EXPECT_EQ(w.text(), R"({"a":null,"b":null,"c":null,"d":1})");
}

}  // namespace
}  // namespace hp
