#include <gtest/gtest.h>

#include "frame.h"
#include "json_writer.h"
#include "load_options.h"
#include "settings.h"

namespace hp {
namespace {

const SettingsContext kNoApp{{"surface", "all", "slices"}, {2048, 128}};

// The settings as hp.stats() begins: an object of every row.
std::string settings_object(const DemoState& s, const SettingsContext& context) {
    JsonWriter w;
    w.begin_object();
    settings_json(&w, s, context);
    w.end_object();
    return w.text();
}

TEST(Settings, AppliesKnownSettings) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "pyramid", "vec4", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "source", "sphere", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "iso", "0.4", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "time", "1.5", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "paused", "1", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "atlas", "512", kNoApp, &error)) << error;
    EXPECT_EQ(s.pyramid, Pyramid::Vec4);
    EXPECT_EQ(s.source, Source::Sphere);
    EXPECT_FLOAT_EQ(s.iso, 0.4f);
    EXPECT_DOUBLE_EQ(s.time, 1.5);
    EXPECT_TRUE(s.paused);
    EXPECT_EQ(s.volume, 64);
}

// A default is written once, in its row: DemoState() (and so the page's first frame, the URL
// with no settings, FrameSettings) holds every row's default, and they are the values the
// fields' initializers held before the rows did.
TEST(Settings, ADefaultLivesInItsRowAndIsTheStateAsBefore) {
    const DemoState d;
    for (const Setting& row : settings()) EXPECT_EQ(row.get(d), row.default_value) << row.key;
    EXPECT_EQ(d.pyramid, Pyramid::Scalar);
    EXPECT_EQ(d.sums, Format::Float);
    EXPECT_EQ(d.source, Source::Metaballs);
    EXPECT_EQ(d.classify, Classify::Surface);
    EXPECT_EQ(d.iso, 0.5f);
    EXPECT_EQ(d.time, 0.0);
    EXPECT_FALSE(d.paused);
    EXPECT_EQ(d.volume, 128);
    EXPECT_EQ(d.atlas, 0);
    EXPECT_EQ(d.readback, Readback::Sync);
    EXPECT_EQ(d.expected, 50000u);
    EXPECT_TRUE(d.overlay);
    EXPECT_EQ(d.view, 0);
    EXPECT_EQ(d.color, SurfaceColor::Normal);
    EXPECT_EQ(d.route, MeshRoute::Vertex);
    EXPECT_EQ(d.clock, Clock::Wall);
    EXPECT_EQ(d.timestamps, Timestamps::Passes);
    EXPECT_EQ(d.scan, ScanKind::Blocks);
    EXPECT_EQ(d.vertices, MeshVertices::Soup);
    EXPECT_FALSE(d.fallback);
    EXPECT_EQ(d.key, -1);
    EXPECT_EQ(d.step, -1);
    // A URL with no settings: the defaults, within every limit, reported as before.
    DemoState url;
    std::string error;
    EXPECT_TRUE(apply_limits(&url, kNoApp, {}, &error)) << error;
    EXPECT_TRUE(same_settings(url, d));
    // (member by member: a new setting adds its own member and need not touch this test)
    const std::string object = settings_object(url, kNoApp);
    const std::string json = "," + object.substr(1, object.size() - 2) + ",";  // its members, each between commas
    for (const char* member :
         {"\"pyramid\":\"scalar\"", "\"scan\":\"blocks\"", "\"sums\":\"float\"", "\"source\":\"metaballs\"",
          "\"classify\":\"surface\"", "\"iso\":0.5", "\"volume\":128", "\"time\":0", "\"paused\":false",
          "\"readback\":\"sync\"", "\"expected\":50000", "\"color\":\"normal\"", "\"vertices\":\"soup\"",
          "\"route\":\"vertex\"", "\"view\":\"surface\"", "\"key\":-1", "\"step\":-1", "\"atlas\":2048",
          "\"overlay\":true", "\"clock\":\"wall\"", "\"timestamps\":\"passes\"", "\"fallback\":false"})
        EXPECT_NE(json.find("," + std::string(member) + ","), std::string::npos) << member << " in " << json;
    // Every way the code makes a state starts from the table.
    EXPECT_TRUE(same_settings(DemoState{}, d));
    EXPECT_TRUE(same_settings(FrameSettings{}, d));
    EXPECT_TRUE(same_settings(frame_settings(DemoState(), true, false), d));
}

TEST(Settings, ScanAndFallbackSettings) {
    DemoState s;
    std::string error;
    EXPECT_EQ(s.scan, ScanKind::Blocks);
    ASSERT_TRUE(apply_setting(&s, "scan", "single", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "fallback", "1", kNoApp, &error)) << error;
    EXPECT_EQ(s.scan, ScanKind::Single);
    EXPECT_TRUE(s.fallback);
    EXPECT_FALSE(apply_setting(&s, "scan", "fast", kNoApp, &error));
    EXPECT_NE(error.find("scan='fast' is not one of: blocks, rts, single"), std::string::npos) << error;
    EXPECT_EQ(s.scan, ScanKind::Single);
}

TEST(Settings, RejectsBadInputNamingItAndChangesNothing) {
    DemoState s;
    std::string error;
    EXPECT_FALSE(apply_setting(&s, "colour", "red", kNoApp, &error));
    EXPECT_NE(error.find("unknown setting 'colour'"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "time", "-1", kNoApp, &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "iso", "abc", kNoApp, &error));
    EXPECT_NE(error.find("not a number"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "pyramid", "<b>vec8</b>", kNoApp, &error));
    EXPECT_NE(error.find("scalar, vec4"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "volume", "100", kNoApp, &error));
    EXPECT_FALSE(apply_setting(&s, "expected", "2.5", kNoApp, &error));
    EXPECT_FALSE(apply_setting(&s, "paused", "maybe", kNoApp, &error));
    const DemoState fresh;
    EXPECT_EQ(s.pyramid, fresh.pyramid);
    EXPECT_EQ(s.volume, fresh.volume);
    EXPECT_EQ(s.iso, fresh.iso);
    EXPECT_EQ(s.paused, fresh.paused);
}

// One name for the setting: `sums` in the URL, hp.set, hp.stats() and the overlay; its old
// name answers with the new one.
TEST(Settings, SumsIsTheSettingsOneNameAndFormatSaysSo) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "sums", "uint", kNoApp, &error)) << error;
    EXPECT_EQ(s.sums, Format::Uint);
    EXPECT_FALSE(apply_setting(&s, "format", "float", kNoApp, &error));
    EXPECT_EQ(error, "format was renamed to sums (sums=float or sums=uint)");
    EXPECT_EQ(s.sums, Format::Uint);
    EXPECT_NE(settings_object(s, kNoApp).find("\"sums\":\"uint\""), std::string::npos) << settings_object(s, kNoApp);
}

// iso is in the source's data units: any number parses, the source's range holds it once the
// request's settings are all in (a file's own range, 0..1 for the procedural sources).
TEST(Settings, IsoIsHeldToTheSourcesRange) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "iso", "1.5", kNoApp, &error)) << error;
    EXPECT_FALSE(apply_limits(&s, kNoApp, {"iso"}, &error));
    EXPECT_NE(error.find("iso=1.5 is out of the volume's range [0, 1]"), std::string::npos) << error;
    EXPECT_TRUE(apply_limits(&s, kNoApp, {}, &error)) << error;  // not named: brought within
    EXPECT_EQ(s.iso, 1.0f);

    SettingsContext ct = kNoApp;
    ct.file = true;
    ct.range_of = [](const DemoState& d) {
        return d.source == Source::File ? std::array<float, 2>{-1024, 2986} : std::array<float, 2>{0, 1};
    };
    ct.layout_of = [](const DemoState& d) {
        return d.source == Source::File ? AtlasLayout(4096, {256, 256, 108}) : procedural_layout(d);
    };
    DemoState f;
    ASSERT_TRUE(apply_setting(&f, "iso", "400", ct, &error)) << error;
    ASSERT_TRUE(apply_setting(&f, "source", "file", ct, &error)) << error;
    EXPECT_TRUE(apply_limits(&f, ct, {"iso", "source"}, &error)) << error;
    EXPECT_EQ(f.iso, 400.0f);
    EXPECT_NE(settings_object(f, ct).find("\"volume\":null"), std::string::npos) << settings_object(f, ct);
    ASSERT_TRUE(apply_setting(&f, "volume", "64", ct, &error)) << error;
    EXPECT_FALSE(apply_limits(&f, ct, {"volume"}, &error));
    EXPECT_NE(error.find("has its own size (256×256×108)"), std::string::npos) << error;
    DemoState g;
    ASSERT_TRUE(apply_setting(&g, "source", "file", kNoApp, &error)) << error;
    EXPECT_FALSE(apply_limits(&g, kNoApp, {"source"}, &error));
    EXPECT_NE(error.find("load one first"), std::string::npos) << error;
}

TEST(Settings, RejectsControlCharactersByName) {
    DemoState s;
    std::string error;
    EXPECT_FALSE(apply_setting(&s, "iso", "0.5\npyramid=baseline", kNoApp, &error));
    EXPECT_NE(error.find("'iso': a setting with a control character"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "pyramid", std::string("vec4\0", 5), kNoApp, &error));
    EXPECT_NE(error.find("'pyramid': a setting with a control character"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "paused\r", "1", kNoApp, &error));
    EXPECT_NE(error.find("control character"), std::string::npos) << error;
    EXPECT_EQ(s.pyramid, Pyramid::Scalar);
    EXPECT_FALSE(s.paused);
    // Found by tests/fuzz: DEL (0x7f) went through into the message.
    EXPECT_FALSE(apply_setting(&s, "colour\x7f", "red", kNoApp, &error));
    EXPECT_EQ(error.find('\x7f'), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "colour", "red\x7f", kNoApp, &error));
    EXPECT_EQ(error.find('\x7f'), std::string::npos) << error;
}

TEST(Settings, EveryRowRoundTripsThroughItsText) {
    // Each setting's text, as hp.stats() reports it, sets the same value again.
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "pyramid", "webgpu-pyramid", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "iso", "0.3", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "view", "slices", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "expected", "1234", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "overlay", "false", kNoApp, &error)) << error;
    for (const Setting& row : settings()) {
        if (row.effective) continue;  // reports the layout, not the stored value
        DemoState t;
        ASSERT_TRUE(apply_setting(&t, row.key, setting_text(row, s, kNoApp), kNoApp, &error)) << row.key << ": " << error;
        EXPECT_EQ(row.get(t), row.get(s)) << row.key;
    }
    EXPECT_EQ(s.view, 2);
    EXPECT_FALSE(s.overlay);
}

TEST(Settings, JsonAndMessagesComeFromTheTable) {
    DemoState s;
    const std::string json = settings_object(s, kNoApp);
    EXPECT_NE(json.find("\"pyramid\":\"scalar\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"atlas\":2048"), std::string::npos) << json;  // effective, not the stored 0
    EXPECT_NE(json.find("\"paused\":false"), std::string::npos) << json;
    EXPECT_NE(json.find("\"view\":\"surface\""), std::string::npos) << json;
    EXPECT_EQ(json.rfind("{\"", 0), 0u) << json;  // members of one object, separated once
    EXPECT_EQ(json.find(",,"), std::string::npos) << json;
    EXPECT_EQ(json.back(), '}') << json;
    std::string error;
    EXPECT_FALSE(apply_setting(&s, "nope", "1", kNoApp, &error));
    for (const Setting& row : settings()) EXPECT_NE(error.find(row.key), std::string::npos) << row.key;
    EXPECT_FALSE(apply_setting(&s, "view", "atlas", kNoApp, &error));
    EXPECT_NE(error.find("view='atlas' is not one of: surface, all, slices"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "volume", "100", kNoApp, &error));
    EXPECT_NE(error.find("volume='100' is not one of: 64, 128, 256"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "expected", "2.5", kNoApp, &error));
    EXPECT_NE(error.find("expected='2.5' is not a whole number"), std::string::npos) << error;
    EXPECT_TRUE(same_settings(s, DemoState{}));
}

TEST(Settings, AVolumeAsksForItsAtlasAndAnAtlasSetsItsVolume) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "atlas", "1024", kNoApp, &error)) << error;
    EXPECT_EQ(s.volume, 64);
    EXPECT_EQ(s.atlas, 1024);
    ASSERT_TRUE(apply_setting(&s, "volume", "256", kNoApp, &error)) << error;
    EXPECT_EQ(s.atlas, 0);
    EXPECT_EQ(procedural_layout(s).atlas, 4096);
}

TEST(Settings, ALimitFromTheStateIsCheckedOnceEverySettingIsIn) {
    DemoState s;
    std::string error;
    // In either order: a larger atlas makes room for a larger expected count.
    ASSERT_TRUE(apply_setting(&s, "expected", "4194304", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "atlas", "2048", kNoApp, &error)) << error;
    EXPECT_TRUE(apply_limits(&s, kNoApp, {"expected", "atlas"}, &error)) << error;
    EXPECT_EQ(s.expected, 4194304u);
    // A smaller atlas lowers a count it was not given with, and refuses one it was.
    ASSERT_TRUE(apply_setting(&s, "atlas", "512", kNoApp, &error)) << error;
    DemoState given = s;
    EXPECT_TRUE(apply_limits(&s, kNoApp, {"atlas"}, &error)) << error;
    EXPECT_EQ(s.expected, 512u * 512u);
    EXPECT_FALSE(apply_limits(&given, kNoApp, {"atlas", "expected"}, &error));
    EXPECT_NE(error.find("expected=4194304 is more than the 262144 texels of the 512² atlas"), std::string::npos)
        << error;
}

// The crop box: refused past the volume or with a last before its first, in either order of
// the request; a volume that shrinks under a box crops it to itself; the background lies below
// iso by the range (label 0 in label mode).
TEST(Settings, TheCropBoxIsHeldToTheVolume) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "volume", "64", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "cropZ1", "40", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "cropZ0", "10", kNoApp, &error)) << error;
    EXPECT_TRUE(apply_limits(&s, kNoApp, {"cropZ1", "cropZ0"}, &error)) << error;
    CropBox b = crop_of(s, {64, 64, 64});
    EXPECT_EQ(b.lo, (std::array<int, 3>{0, 0, 10}));
    EXPECT_EQ(b.hi, (std::array<int, 3>{63, 63, 40}));
    EXPECT_FALSE(b.whole({64, 64, 64}));
    EXPECT_TRUE(b.contains(63, 0, 40) && !b.contains(0, 0, 41) && !b.contains(0, 0, 9));
    DemoState past = s;
    ASSERT_TRUE(apply_setting(&past, "cropX1", "64", kNoApp, &error)) << error;  // within the row's range
    EXPECT_FALSE(apply_limits(&past, kNoApp, {"cropX1"}, &error));
    EXPECT_NE(error.find("cropX1=64 is past the volume's last voxel along X (63)"), std::string::npos) << error;
    DemoState crossed = s;
    ASSERT_TRUE(apply_setting(&crossed, "cropZ0", "41", kNoApp, &error)) << error;
    EXPECT_FALSE(apply_limits(&crossed, kNoApp, {"cropZ0"}, &error));
    EXPECT_NE(error.find("cropZ0=41 leaves no voxel"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&crossed, "cropY1", "-2", kNoApp, &error));
    // A smaller volume: the box within it, never empty.
    b = crop_of(s, {32, 32, 8});
    EXPECT_EQ(b.lo[2], 7);
    EXPECT_EQ(b.hi[2], 7);
    EXPECT_TRUE(crop_of(DemoState(), {32, 32, 8}).whole({32, 32, 8}));
    EXPECT_EQ(crop_background(Classify::Surface, 0.25f, {0.0f, 1.0f}), -0.75f);
    EXPECT_EQ(crop_background(Classify::Labels, 3.0f, {0.0f, 116.0f}), 0.0f);
    EXPECT_LT(crop_background(Classify::Solid, 1e9f, {0.0f, 1.0f}), 1e9f);  // a span lost to iso's size
}

TEST(Settings, AFrameRunsWithTheStateAsItIs) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "iso", "0.25", kNoApp, &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "route", "vertex", kNoApp, &error)) << error;
    const FrameSettings shown = frame_settings(s, /*surface=*/true, /*mesh_read=*/false);
    EXPECT_TRUE(same_settings(shown, s));  // every setting, as set
    EXPECT_TRUE(shown.mesh);
    EXPECT_FALSE(shown.extract);  // the vertex route's draw walks the pyramid itself
    const FrameSettings read = frame_settings(s, false, /*mesh_read=*/true);
    EXPECT_TRUE(read.mesh && read.extract);
    EXPECT_FALSE(frame_settings(s, false, false).mesh);
    ASSERT_TRUE(apply_setting(&s, "route", "fragment", kNoApp, &error)) << error;
    EXPECT_TRUE(frame_settings(s, true, false).extract);
}

}  // namespace
}  // namespace hp

namespace hp {
namespace {

// A load's options as the page sends them (load_options.h): one JSON object, by the table.
TEST(LoadOptions, OneJsonObjectByTheTable) {
    LoadOptions o;
    std::string error;
    ASSERT_TRUE(parse_load_options_json(
        R"({"name": "head.raw", "dims": [64, 48, 32], "type": "int16", "spacing": "0.5,0.5,1", "endian": "big",
            "downsample": 2, "png": true, "presets": [{"name": "bone", "iso": 400}, {"name": "skin", "iso": -300.5}]})",
        &o, &error)) << error;
    EXPECT_EQ(o.name, "head.raw");
    EXPECT_EQ(o.dims, (std::array<int, 3>{64, 48, 32}));
    EXPECT_EQ(o.type, "int16");
    EXPECT_EQ(o.spacing, (std::array<double, 3>{0.5, 0.5, 1}));
    EXPECT_TRUE(o.big_endian);
    EXPECT_EQ(o.downsample, 2);
    EXPECT_TRUE(o.png);
    ASSERT_EQ(o.presets.size(), 2u);
    EXPECT_EQ(o.presets[1].name, "skin");
    EXPECT_EQ(o.presets[1].iso, -300.5f);
    // The URL's text form of a list still reads ("64x48x32"); none given is none.
    LoadOptions none;
    ASSERT_TRUE(parse_load_options_json(R"({"dims": "64x48x32"})", &none, &error)) << error;
    EXPECT_EQ(none.dims, (std::array<int, 3>{64, 48, 32}));
    EXPECT_TRUE(parse_load_options_json("", &none, &error));
}

TEST(LoadOptions, RefusalsNameTheMember) {
    LoadOptions o;
    std::string error;
    EXPECT_FALSE(parse_load_options_json(R"({"colour": "red"})", &o, &error));
    EXPECT_EQ(error, "unknown option 'colour' (known: " + load_option_names() + ")");
    EXPECT_FALSE(parse_load_options_json(R"({"dims": [64, 48]})", &o, &error));
    EXPECT_EQ(error, "dims=64,48: 3 numbers separated by commas expected");
    EXPECT_FALSE(parse_load_options_json(R"({"dims": [64, "a", 2]})", &o, &error));
    EXPECT_EQ(error, "dims: 3 numbers expected");
    EXPECT_FALSE(parse_load_options_json(R"({"name": {"a": 1}})", &o, &error));
    EXPECT_EQ(error, "name: a value must be a string, number or boolean");
    EXPECT_FALSE(parse_load_options_json(R"({"presets": "bone=400;skin=-300"})", &o, &error));  // no ';' lists
    EXPECT_FALSE(parse_load_options_json(R"({"presets": [{"name": "bone"}]})", &o, &error));
    EXPECT_FALSE(parse_load_options_json("[1]", &o, &error));
    EXPECT_EQ(error, "the load's options must be an object");
    EXPECT_EQ(load_option_keys(), (std::vector<std::string>{"name", "dims", "type", "spacing", "endian", "downsample", "tile"}));
}

}  // namespace
}  // namespace hp
