// The label tables (app/core/volume/label_table.h) and a .seg.nrrd's segments (nrrd.cpp): every
// format with LF and CRLF, lines copied from the real files (Debian's mricron-data
// 1.2.20211006+dfsg-4, /usr/share/mricron/templates/ and lut/; teem-unu make 1.12 for the
// .seg.nrrd), the merge, the palette, and hostile bytes, which end in a sentence or a cap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "label_table.h"
#include "test_bytes.h"
#include "volume_file.h"

namespace hp {
namespace {

std::string crlf(const std::string& lf) {
    std::string out;
    for (char c : lf) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
}

LabelTable parsed(const Bytes& b, const std::string& name = "") {
    LabelTable t;
    std::string error;
    EXPECT_TRUE(parse_label_table(b.data(), b.size(), name, &t, &error)) << error;
    return t;
}

std::string table_refusal(const Bytes& b, const std::string& name = "") {
    LabelTable t;
    std::string error;
    EXPECT_FALSE(parse_label_table(b.data(), b.size(), name, &t, &error)) << "parsed " << t.entries.size();
    EXPECT_TRUE(t.entries.empty());
    EXPECT_FALSE(error.empty());
    return error;
}

using Rgb = std::array<std::uint8_t, 3>;

// aal.nii.txt (2,713 bytes, CRLF, a blank last line): "index name code".
const std::string kAal = "1 Precentral_L 2001\r\n2 Precentral_R 2002\r\n3 Frontal_Sup_L 2101\r\n"
                         "115 Vermis_9 9160\r\n116 Vermis_10 9170\r\n\r\n";

TEST(LabelTable, MricronNamesAalCrlfAndLf) {
    for (const std::string& s : {kAal, std::string(kAal).erase(kAal.size() - 2)}) {
        const LabelTable t = parsed(text(s), "aal.nii.txt");
        EXPECT_EQ(t.from, "MRIcron .nii.txt");
        ASSERT_EQ(t.entries.size(), 5u);
        EXPECT_EQ(t.entries.front().value, 1);
        EXPECT_EQ(t.entries.front().name, "Precentral_L");
        EXPECT_EQ(t.entries.back().value, 116);
        EXPECT_EQ(t.entries.back().name, "Vermis_10");
        EXPECT_FALSE(t.entries.back().has_color);
    }
    std::string lf = kAal;
    lf.erase(std::remove(lf.begin(), lf.end(), '\r'), lf.end());
    EXPECT_EQ(parsed(text(lf)).entries[2].name, "Frontal_Sup_L");
}

TEST(LabelTable, MricronNamesTabsAndTheRestOfTheLine) {
    // JHU-WhiteMatter-labels-1mm.nii.txt: "index<TAB>name", CRLF; then names with spaces, no code.
    const std::string jhu = "0\tUnclassified\n1\tMiddle_cerebellar_peduncle\n"
                            "2\tPontine_crossing_tract_(a_part_of_MCP)\n48\tTapetum_L\n";
    for (const std::string& s : {jhu, crlf(jhu)}) {
        const LabelTable t = parsed(text(s));
        ASSERT_EQ(t.entries.size(), 4u);
        EXPECT_EQ(t.entries[0].value, 0);
        EXPECT_EQ(t.entries[0].name, "Unclassified");
        EXPECT_EQ(t.entries[2].name, "Pontine_crossing_tract_(a_part_of_MCP)");
    }
    const LabelTable spaced = parsed(text("7   Left hippocampus  \n-3\tthe  void\n\n\n12 Amygdala (right) x\n"));
    ASSERT_EQ(spaced.entries.size(), 3u);
    EXPECT_EQ(spaced.entries[0].name, "Left hippocampus");
    EXPECT_EQ(spaced.entries[1].value, -3);
    EXPECT_EQ(spaced.entries[1].name, "the  void");
    EXPECT_EQ(spaced.entries[2].name, "Amygdala (right) x");  // the third column is not a number
    EXPECT_EQ(parsed(text("\xEF\xBB\xBF" "5 Caudé\n")).entries[0].name, "Caudé");  // a byte order mark
}

TEST(LabelTable, MricronBinaryLutOf768800And970Bytes) {
    Bytes lut(768);
    for (int i = 0; i < 256; ++i) {
        lut[std::size_t(i)] = std::uint8_t(i);
        lut[std::size_t(256 + i)] = std::uint8_t(255 - i);
        lut[std::size_t(512 + i)] = std::uint8_t(i / 2);
    }
    // aal.nii.lut's first entries: white, then (204, 204, 204), (204, 204, 204), (203, 149, 149).
    lut[0] = lut[256] = lut[512] = 255;
    lut[3] = 203, lut[256 + 3] = 149, lut[512 + 3] = 149;
    for (std::size_t header : {0, 32, 202}) {
        Bytes b(header, 'x');  // MRIcron skips whatever comes before the last 768 bytes
        b.insert(b.end(), lut.begin(), lut.end());
        const LabelTable t = parsed(b, "aal.nii.lut");
        EXPECT_EQ(t.from, "MRIcron .lut");
        ASSERT_EQ(t.entries.size(), 256u);
        EXPECT_EQ(t.entries[0].rgb, (Rgb{255, 255, 255}));
        EXPECT_EQ(t.entries[3].rgb, (Rgb{203, 149, 149}));
        EXPECT_EQ(t.entries[200].value, 200);
        EXPECT_EQ(t.entries[200].rgb, (Rgb{200, 55, 100}));
        EXPECT_TRUE(t.entries[200].has_color && t.entries[200].name.empty());
    }
    // 768 bytes of text are text, unless named .lut and not starting like a text .lut.
    std::string names = "1 Precentral_L 2001\n";
    names += std::string(768 - names.size() - 1, ' ') + "\n";
    EXPECT_EQ(parsed(text(names), "aal.nii.txt").from, "MRIcron .nii.txt");
    EXPECT_EQ(parsed(text(names), "odd.lut").from, "MRIcron .lut");
    EXPECT_EQ(parsed(text(names), "odd.lut").entries.size(), 256u);
}

TEST(LabelTable, MricronTextLut) {
    // blue_otto.lut (4,324 bytes, CRLF): a '*' header, then "S index red green blue".
    const std::string otto =
        "* s=byte\tindex\tred\tgreen\tblue\nS\t0\t0\t0\t0\nS\t1\t0\t0\t128\nS\t255\t220\t255\t255\n";
    for (const std::string& s : {otto, crlf(otto)}) {
        const LabelTable t = parsed(text(s), "blue_otto.lut");
        EXPECT_EQ(t.from, "MRIcron .lut");
        ASSERT_EQ(t.entries.size(), 3u);
        EXPECT_EQ(t.entries[1].value, 1);
        EXPECT_EQ(t.entries[1].rgb, (Rgb{0, 0, 128}));
        EXPECT_EQ(t.entries[2].rgb, (Rgb{220, 255, 255}));
    }
    EXPECT_EQ(parsed(text("L 4 65535 32768 0\n")).entries[0].rgb, (Rgb{255, 128, 0}));  // 16-bit colours
    EXPECT_NE(table_refusal(text("S 256 1 2 3\n")).find("0 to 255"), std::string::npos);
    EXPECT_NE(table_refusal(text("S 4 1 2 300\n")).find("colour"), std::string::npos);
}

TEST(LabelTable, ItkSnapLabelDescription) {
    const std::string itk = "################################################\n"
                            "# ITK-SnAP Label Description File\n"
                            "# IDX   -R-  -G-  -B-  -A--  VIS MSH  LABEL\n"
                            "################################################\n"
                            "    0     0    0    0        0  0  0    \"Clear Label\"\n"
                            "    1   255    0    0        1  1  1    \"Label 1\"\n"
                            "   17    10  200   30     0.50  1  0    \"Left \\\"big\\\" lobe\"\n";
    for (const std::string& s : {itk, crlf(itk)}) {
        const LabelTable t = parsed(text(s), "labels.txt");
        EXPECT_EQ(t.from, "ITK-SNAP");
        ASSERT_EQ(t.entries.size(), 3u);
        EXPECT_EQ(t.entries[0].name, "Clear Label");
        EXPECT_EQ(t.entries[1].value, 1);
        EXPECT_EQ(t.entries[1].rgb, (Rgb{255, 0, 0}));
        EXPECT_TRUE(t.entries[1].has_color);
        EXPECT_EQ(t.entries[2].value, 17);
        EXPECT_EQ(t.entries[2].rgb, (Rgb{10, 200, 30}));
        EXPECT_EQ(t.entries[2].name, "Left \\\"big\\\" lobe");  // up to the last quote
    }
    const std::string bad = table_refusal(text(itk + "    2   255    0    0        1  1    \"Two short\"\n"), "labels.txt");
    EXPECT_NE(bad.find("labels.txt, line 8:"), std::string::npos) << bad;
    EXPECT_NE(bad.find("seven numbers"), std::string::npos) << bad;
    EXPECT_NE(table_refusal(text("  1 255 0 0 1 1 1 \"no end\n")).find("double quotes"), std::string::npos);
    EXPECT_NE(table_refusal(text("  1 256 0 0 1 1 1 \"hot\"\n")).find("0 to 255"), std::string::npos);
}

TEST(LabelTable, MergeFillsNamedEntriesWithoutAColour) {
    LabelTable names = parsed(text(kAal));
    names.entries[1].rgb = {1, 2, 3};
    names.entries[1].has_color = true;  // a colour the names gave stays
    Bytes lut(768, 0);
    for (int i = 0; i < 256; ++i) lut[std::size_t(i)] = std::uint8_t(i);
    merge_label_tables(&names, parsed(lut, "aal.nii.lut"));
    EXPECT_EQ(names.from, "MRIcron .nii.txt");
    EXPECT_EQ(names.entries[0].name, "Precentral_L");
    EXPECT_EQ(names.entries[0].rgb, (Rgb{1, 0, 0}));
    EXPECT_EQ(names.entries[1].rgb, (Rgb{1, 2, 3}));
    EXPECT_EQ(names.entries[4].rgb, (Rgb{116, 0, 0}));
    EXPECT_TRUE(names.entries[4].has_color);
    LabelTable far = parsed(text("300 Beyond_the_lut\n"));
    merge_label_tables(&far, parsed(lut, "x.lut"));
    EXPECT_FALSE(far.entries[0].has_color);
}

TEST(LabelTable, PaletteIsBrightColouredAndSpread) {
    for (int i = 0; i < 2000; ++i) {
        const Rgb c = palette_color(i);
        EXPECT_EQ(c, palette_color(i));
        const int hi = std::max({c[0], c[1], c[2]}), lo = std::min({c[0], c[1], c[2]});
        EXPECT_GE(hi - lo, 40) << "grey at " << i;
        EXPECT_GE(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2], 100) << "dark at " << i;
        if (i > 0) {
            const Rgb p = palette_color(i - 1);
            const int d = std::abs(c[0] - p[0]) + std::abs(c[1] - p[1]) + std::abs(c[2] - p[2]);
            EXPECT_GE(d, 60) << "neighbours " << i - 1 << " and " << i << " look alike";
        }
    }
    std::set<Rgb> first16;
    for (int i = 0; i < 16; ++i) first16.insert(palette_color(i));
    EXPECT_EQ(first16.size(), 16u);
    palette_color(-1), palette_color(2147483647);  // any int is an index
}

TEST(LabelTable, HostileBytesEndInASentenceOrACap) {
    EXPECT_NE(table_refusal(Bytes()).find("empty"), std::string::npos);
    LabelTable t;
    std::string error;
    EXPECT_FALSE(parse_label_table(nullptr, 0, "x", &t, &error));
    EXPECT_NE(table_refusal(text("# only a comment\n\n   \n")).find("no labels"), std::string::npos);
    std::mt19937 rng(7);
    Bytes garbage(5000);
    for (auto& b : garbage) b = std::uint8_t(rng());
    EXPECT_NE(table_refusal(garbage).find("binary"), std::string::npos);
    EXPECT_NE(table_refusal(text("99999999999999999999999 Huge\n")).find("too large"), std::string::npos);
    EXPECT_NE(table_refusal(text("16777216 Just_too_large\n")).find("too large"), std::string::npos);
    EXPECT_EQ(parsed(text("-16777215 Just_fits\n")).entries[0].value, -16777215.0f);
    EXPECT_NE(table_refusal(text("1.5 Half\n")).find("whole number"), std::string::npos);
    EXPECT_NE(table_refusal(text("Liver 1\n")).find("'Liver' is not a label value"), std::string::npos);
    EXPECT_NE(table_refusal(text("4\n")).find("no name"), std::string::npos);
    const std::string twice = table_refusal(text("1 A\n2 B\n1 C\n"), "t.txt");
    EXPECT_NE(twice.find("t.txt, line 3: label 1 is given twice (also on line 1)"), std::string::npos) << twice;

    std::string many;
    for (int i = 0; i < 70000; ++i) many += std::to_string(i) + " L" + std::to_string(i) + "\n";
    const std::string capped = table_refusal(text(many));
    EXPECT_NE(capped.find("line 65537: more than 65536 labels"), std::string::npos) << capped;
    many.resize(many.find("\n65536 "));
    EXPECT_EQ(parsed(text(many)).entries.size(), kMaxLabels);

    // Names: cut to 256 bytes at a character, control bytes and broken UTF-8 made '?'.
    std::string long_name;
    for (int i = 0; i < 200; ++i) long_name += "é";
    const std::string cut = parsed(text("1 " + long_name + "\n")).entries[0].name;
    EXPECT_EQ(cut.size(), 256u);
    EXPECT_EQ(cut, long_name.substr(0, 256));
    EXPECT_EQ(parsed(text("1 a\tb\xff" "c\xc3\n")).entries[0].name, "a b?c?");
    EXPECT_EQ(clean_label_name(" \x01x\x7f "), "?x?");
    EXPECT_EQ(clean_label_name("\xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82\xac"), "??? ???? €");  // surrogate, > U+10FFFF
    EXPECT_EQ(clean_label_name(std::string(300, 'a') + "\xe2\x82\xac").size(), 256u);
}

TEST(LabelTable, MangledTablesNeverCrash) {
    const std::vector<std::string> seeds = {kAal, "S\t1\t0\t0\t128\r\n", "  1 255 0 0 1 1 1 \"Label 1\"\n"};
    std::mt19937 rng(11);
    for (int round = 0; round < 3000; ++round) {
        std::string s = seeds[std::size_t(round) % seeds.size()];
        for (int k = int(rng() % 6); k >= 0 && !s.empty(); --k) {
            const std::size_t at = rng() % s.size();
            switch (rng() % 3) {
                case 0: s[at] = char(rng()); break;
                case 1: s.erase(at, rng() % 4); break;
                default: s.insert(at, std::string(1 + rng() % 3, "0 \"\n\r-9#*SL\t"[rng() % 13])); break;
            }
        }
        LabelTable t;
        std::string error;
        if (!parse_label_table(reinterpret_cast<const std::uint8_t*>(s.data()), s.size(), "m.txt", &t, &error))
            EXPECT_FALSE(error.empty());
        else
            for (const LabelEntry& e : t.entries) EXPECT_LE(e.name.size(), kMaxLabelName);
    }
}

// --- 3D Slicer's .seg.nrrd (read by nrrd.cpp into Volume::labels) ---------------------------------

Volume load_seg(const Bytes& b, std::string* error = nullptr) {
    Volume v;
    std::string e;
    VolumeOptions o;
    o.name = "seg.seg.nrrd";
    const bool ok = load_volume(b.data(), b.size(), o, &v, &e);
    if (error) *error = e;
    else EXPECT_TRUE(ok) << e;
    return v;
}

// What Slicer writes for a single-layer segmentation, in short: its segments' key/value pairs.
const std::string kSegHead = "NRRD0004\ntype: unsigned char\ndimension: 3\nspace: left-posterior-superior\n"
                             "sizes: 4 3 2\nspace directions: (1,0,0) (0,1,0) (0,0,2)\nkinds: domain domain domain\n"
                             "encoding: raw\nspace origin: (0,0,0)\n"
                             "Segment0_Color:=0.8 0.2 0.1\nSegment0_ID:=Segment_1\nSegment0_LabelValue:=1\n"
                             "Segment0_Layer:=0\nSegment0_Name:=Liver\nSegment0_Tags:=Segmentation.Status:inprogress|\n"
                             "Segment1_Color:=0.2 0.5 0.9\nSegment1_LabelValue:=5\nSegment1_Layer:=0\n"
                             "Segment1_Name:=Left kidney – cortex é\n"
                             "Segment2_ID:=Vessels\nSegment2_LabelValue:=2\nSegment2_Layer:=0\n"
                             "Segmentation_MasterRepresentation:=Binary labelmap\n";

Bytes seg_voxels() {
    Bytes v(24);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::uint8_t(i % 3 == 0 ? 0 : i % 3 == 1 ? 1 : 5);
    return v;
}

TEST(LabelTable, SegNrrdSingleLayerGivesItsSegments) {
    for (const std::string& head : {kSegHead, crlf(kSegHead)}) {
        const Volume v = load_seg(text(head + "\n") + seg_voxels());
        EXPECT_EQ(v.dims, (std::array<int, 3>{4, 3, 2}));
        EXPECT_EQ(v.hi, 5);
        EXPECT_EQ(v.labels.from, "seg.nrrd");
        ASSERT_EQ(v.labels.entries.size(), 3u);
        EXPECT_EQ(v.labels.entries[0].value, 1);
        EXPECT_EQ(v.labels.entries[0].name, "Liver");
        EXPECT_EQ(v.labels.entries[0].rgb, (Rgb{204, 51, 26}));
        EXPECT_TRUE(v.labels.entries[0].has_color);
        EXPECT_EQ(v.labels.entries[1].value, 5);
        EXPECT_EQ(v.labels.entries[1].name, "Left kidney – cortex é");
        EXPECT_EQ(v.labels.entries[2].name, "Vessels");  // no Name: its ID
        EXPECT_FALSE(v.labels.entries[2].has_color);
    }
    // Slicer's older files: no LabelValue, the value is the segment's index + 1.
    const Volume old = load_seg(text("NRRD0004\ntype: uchar\ndimension: 3\nsizes: 4 3 2\nencoding: raw\n"
                                 "Segment0_Name:=a\nSegment1_Name:=b\nSegment1_LabelValue:=x\n\n") + seg_voxels());
    ASSERT_EQ(old.labels.entries.size(), 1u);
    EXPECT_EQ(old.labels.entries[0].value, 1);
    ASSERT_EQ(old.notes.size(), 1u);
    EXPECT_NE(old.notes[0].find("Segment1_LabelValue 'x' is not a whole number"), std::string::npos) << old.notes[0];
    // A NRRD that is not a segmentation carries no labels.
    const Volume plain =
        load_seg(text("NRRD0004\ntype: uchar\ndimension: 3\nsizes: 4 3 2\nencoding: raw\nfoo:=bar\n\n") + seg_voxels());
    EXPECT_TRUE(plain.labels.entries.empty() && plain.labels.from.empty());
}

TEST(LabelTable, SegNrrdWrittenByTeemUnu) {
    // teem-unu make -i lab.raw -t uchar -s 2 3 4 -e raw -kv Segment0_Name:=Liver ... -spc LPS
    // -dirs '(1,0,0) (0,1,0) (0,0,2)' -o liver.seg.nrrd (teem-apps 1.12.0~20160122-5): its header.
    const std::string unu = "NRRD0004\n# Complete NRRD file format specification at:\n"
                            "# http://teem.sourceforge.net/nrrd/format.html\ntype: unsigned char\ndimension: 3\n"
                            "space: left-posterior-superior\nsizes: 2 3 4\nspace directions: (1,0,0) (0,1,0) (0,0,2)\n"
                            "encoding: raw\nSegment0_Name:=Liver\nSegment0_LabelValue:=1\nSegment0_Color:=0.8 0.2 0.1\n"
                            "Segment0_Layer:=0\nSegment1_Name:=Left kidney \xC3\xA9\nSegment1_LabelValue:=2\n"
                            "Segment1_Color:=0.1 0.5 0.9\nSegment1_Layer:=0\n\n";
    const Volume v = load_seg(text(unu) + seg_voxels());
    ASSERT_EQ(v.labels.entries.size(), 2u);
    EXPECT_EQ(v.labels.entries[1].name, "Left kidney é");
    EXPECT_EQ(v.labels.entries[1].rgb, (Rgb{26, 128, 230}));
    EXPECT_EQ(v.space, "LPS");
}

TEST(LabelTable, SegNrrdOfSeveralLayersIsRefused) {
    const std::string four = "NRRD0004\ntype: unsigned char\ndimension: 4\nspace: left-posterior-superior\n"
                             "sizes: 3 4 3 2\nspace directions: none (1,0,0) (0,1,0) (0,0,2)\n"
                             "kinds: list domain domain domain\nencoding: raw\n"
                             "Segment0_Layer:=0\nSegment0_Name:=A\nSegment1_Layer:=1\nSegment1_Name:=B\n"
                             "Segment2_Layer:=2\nSegment2_Name:=C\n\n";
    std::string error;
    load_seg(text(four) + Bytes(72, 1), &error);
    EXPECT_EQ(error, "this .seg.nrrd has 3 layers (overlapping segments): export it from 3D Slicer as a single-layer "
                     "label map (Segmentations → Export to files, merged) and open that");
    // Two Layer values in a 3D header, and a list axis of 2 with no Layer keys (Slicer 4.10).
    std::string head = kSegHead;
    head.replace(head.find("Segment1_Layer:=0"), 17, "Segment1_Layer:=1");
    load_seg(text(head + "\n") + seg_voxels(), &error);
    EXPECT_NE(error.find("has 2 layers"), std::string::npos) << error;
    load_seg(text("NRRD0004\ntype: uchar\ndimension: 4\nsizes: 4 3 2 2\nkinds: domain domain domain list\nencoding: raw\n"
              "Segment0_Name:=a\nSegment1_Name:=b\n\n") + Bytes(48, 1), &error);
    EXPECT_NE(error.find("has 2 layers"), std::string::npos) << error;
    // Any other 4D NRRD is refused as before.
    load_seg(text("NRRD0004\ntype: uchar\ndimension: 4\nsizes: 2 4 3 2\nencoding: raw\n\n") + Bytes(48, 1), &error);
    EXPECT_NE(error.find("dimension 4"), std::string::npos) << error;
}

TEST(LabelTable, SegNrrdOf4DWithOneLayerOpensAs3D) {
    const Volume v = load_seg(text("NRRD0004\ntype: unsigned char\ndimension: 4\nsizes: 1 4 3 2\n"
                               "space directions: none (1,0,0) (0,1,0) (0,0,2)\nkinds: list domain domain domain\n"
                               "encoding: raw\nSegment0_Name:=Tumour\nSegment0_Layer:=0\n\n") + seg_voxels());
    EXPECT_EQ(v.dims, (std::array<int, 3>{4, 3, 2}));
    EXPECT_EQ(v.spacing, (std::array<double, 3>{1, 1, 2}));
    ASSERT_EQ(v.labels.entries.size(), 1u);
    EXPECT_EQ(v.labels.entries[0].name, "Tumour");
    EXPECT_EQ(v.labels.entries[0].value, 1);
}

}  // namespace
}  // namespace hp
