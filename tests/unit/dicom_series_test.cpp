// A DICOM series from its headers (app/core/volume/dicom_series.h): grouping, order along the
// normal, spacing and world frame from the positions, and each way a stack fails to be a volume.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "dicom_series.h"

namespace {

using hp::DicomPlan;
using hp::DicomSlice;

// `n` slices of a series, positions origin + k·step, shuffled.
std::vector<DicomSlice> stack(int n, std::array<double, 3> step, std::array<double, 6> orientation = {1, 0, 0, 0, 1, 0},
                              const char* uid = "1.2.3", int rows = 20, int cols = 30) {
    std::vector<DicomSlice> out;
    for (int k = 0; k < n; ++k) {
        DicomSlice s;
        s.file = k;
        s.series_uid = uid;
        s.modality = "CT";
        s.description = "test";
        s.rows = rows, s.cols = cols;
        s.orientation = orientation;
        s.pixel_spacing = {0.8, 0.6};
        s.has_position = true;
        s.position = {10 + k * step[0], -20 + k * step[1], 5 + k * step[2]};
        s.is_signed = true;
        out.push_back(s);
    }
    std::shuffle(out.begin(), out.end(), std::mt19937(7));
    return out;
}

DicomPlan plan(const std::vector<DicomSlice>& slices, const std::string& uid = "") {
    DicomPlan p;
    std::string error;
    EXPECT_TRUE(hp::plan_dicom_series(slices, uid, &p, &error)) << error;
    return p;
}
std::string refusal(const std::vector<DicomSlice>& slices) {
    DicomPlan p;
    std::string error;
    EXPECT_FALSE(hp::plan_dicom_series(slices, "", &p, &error));
    return error;
}

TEST(DicomSeries, OrdersByPositionAlongTheNormalAndTakesSpacingFromIt) {
    const DicomPlan p = plan(stack(9, {0, 0, 1.25}));
    ASSERT_EQ(p.slices.size(), 9u);
    for (int k = 0; k < 9; ++k) EXPECT_EQ(p.slices[std::size_t(k)].file, k);
    EXPECT_EQ(p.dims, (std::array<int, 3>{30, 20, 9}));
    EXPECT_DOUBLE_EQ(p.spacing[0], 0.6);  // between columns: Pixel Spacing's second
    EXPECT_DOUBLE_EQ(p.spacing[1], 0.8);
    EXPECT_NEAR(p.spacing[2], 1.25, 1e-12);
    const std::array<double, 12> want{0.6, 0, 0, 10, 0, 0.8, 0, -20, 0, 0, 1.25, 5};
    for (int i = 0; i < 12; ++i) EXPECT_NEAR(p.to_world[std::size_t(i)], want[std::size_t(i)], 1e-12) << i;
    EXPECT_EQ(p.type, "int16");
    EXPECT_TRUE(p.notes.empty());
}

// The volume keeps 8 and 16 bits as stored where every slice has the same bits, sign and rescale
// (slope > 0); float32 otherwise.
TEST(DicomSeries, KeptInTheStoredTypeWhereEverySliceSharesItsRescale) {
    std::vector<DicomSlice> s = stack(5, {0, 0, 2});
    for (DicomSlice& x : s) x.slope = 1, x.intercept = -1024;
    DicomPlan p = plan(s);
    EXPECT_EQ(p.kept, hp::Stored::I16);
    EXPECT_EQ(p.scaling.slope, 1);
    EXPECT_EQ(p.scaling.intercept, -1024);
    for (DicomSlice& x : s) x.is_signed = false;
    EXPECT_EQ(plan(s).kept, hp::Stored::U16);
    for (DicomSlice& x : s) x.bits_allocated = 8, x.bits_stored = 8;
    EXPECT_EQ(plan(s).kept, hp::Stored::U8);
    s[2].intercept = -1000;  // one slice rescaled otherwise: data units, float32
    EXPECT_EQ(plan(s).kept, hp::Stored::F32);
    s[2].intercept = -1024;
    for (DicomSlice& x : s) x.slope = -1;
    EXPECT_EQ(plan(s).kept, hp::Stored::F32);
    for (DicomSlice& x : s) x.slope = 1, x.bits_allocated = 32, x.bits_stored = 32;
    EXPECT_EQ(plan(s).kept, hp::Stored::F32);
}

TEST(DicomSeries, ObliqueAndReversedSlicesFollowTheirNormal) {
    // Rows along (0.8, 0.6, 0), columns along (−0.36, 0.48, 0.8): normal (0.48, −0.64, 0.6).
    const std::array<double, 6> o{0.8, 0.6, 0, -0.36, 0.48, 0.8};
    const std::array<double, 3> n{0.48, -0.64, 0.6};
    const DicomPlan p = plan(stack(5, {-2 * n[0], -2 * n[1], -2 * n[2]}, o));  // positions go against the normal
    EXPECT_EQ(p.slices.front().file, 4);  // the lowest along the normal first
    for (int r = 0; r < 3; ++r) EXPECT_NEAR(p.to_world[std::size_t(4 * r + 2)], 2 * n[std::size_t(r)], 1e-9);
    EXPECT_NEAR(p.spacing[2], 2, 1e-9);
}

TEST(DicomSeries, GroupsSeriesLargestFirstAndSplitsOneUidOfTwoSizes) {
    std::vector<DicomSlice> all = stack(4, {0, 0, 1}, {1, 0, 0, 0, 1, 0}, "1.1");
    for (const DicomSlice& s : stack(7, {0, 0, 2}, {1, 0, 0, 0, 1, 0}, "2.2")) all.push_back(s);
    for (const DicomSlice& s : stack(2, {0, 0, 1}, {1, 0, 0, 0, 1, 0}, "1.1", 64, 64)) all.push_back(s);
    const auto list = hp::dicom_series(all);
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[0].uid, "2.2");
    EXPECT_EQ(list[0].slices, 7);
    EXPECT_EQ(list[1].uid, "1.1");
    EXPECT_EQ(list[2].uid, "1.1#2");
    EXPECT_EQ(list[2].dims, (std::array<int, 3>{64, 64, 2}));
    EXPECT_EQ(plan(all).info.uid, "2.2");
    EXPECT_EQ(plan(all, "1.1").dims[2], 4);
    EXPECT_EQ(plan(all, "1.1#2").dims[0], 64);
}

TEST(DicomSeries, AGantryTiltOpensShearedWithANote) {
    const double t = std::tan(12 * M_PI / 180);
    const DicomPlan p = plan(stack(6, {0, 1.5 * t, 1.5}));
    ASSERT_EQ(p.notes.size(), 1u);
    EXPECT_NE(p.notes[0].find("gantry tilt of 12°"), std::string::npos) << p.notes[0];
    EXPECT_NEAR(p.to_world[6], 1.5 * t, 1e-9);  // the column axis's share of the step
    EXPECT_NEAR(p.spacing[2], 1.5, 1e-9);
}

TEST(DicomSeries, EachStackThatIsNoVolumeGetsItsSentence) {
    auto missing = stack(8, {0, 0, 2});
    missing.erase(std::find_if(missing.begin(), missing.end(), [](const DicomSlice& s) { return s.file == 3; }));
    EXPECT_NE(refusal(missing).find("missing 1 slice(s) between 9 and 13 mm"), std::string::npos) << refusal(missing);
    auto uneven = stack(6, {0, 0, 2});
    for (DicomSlice& s : uneven) if (s.file == 5) s.position[2] += 0.7;
    EXPECT_NE(refusal(uneven).find("unevenly spaced"), std::string::npos);
    auto shared = stack(4, {0, 0, 2});
    shared.push_back(shared[0]);
    EXPECT_NE(refusal(shared).find("share a position"), std::string::npos);
    EXPECT_NE(refusal(stack(1, {0, 0, 1})).find("a single slice (30×20)"), std::string::npos);
    auto colour = stack(3, {0, 0, 1});
    for (DicomSlice& s : colour) s.samples = 3;
    EXPECT_NE(refusal(colour).find("colour images"), std::string::npos);
    auto frames = stack(3, {0, 0, 1});
    for (DicomSlice& s : frames) s.frames = 40;
    EXPECT_NE(refusal(frames).find("multi-frame (40 frames"), std::string::npos);
    auto placeless = stack(3, {0, 0, 1});
    placeless[1].has_position = false;
    EXPECT_NE(refusal(placeless).find("no Image Position"), std::string::npos);
    auto bent = stack(5, {0, 0, 1});
    for (DicomSlice& s : bent) if (s.file == 2) s.position[0] += 3;
    EXPECT_NE(refusal(bent).find("do not lie on one line"), std::string::npos);
    auto odd = stack(3, {0, 0, 1});
    for (DicomSlice& s : odd) s.bits_allocated = 1;
    EXPECT_NE(refusal(odd).find("1 bits a pixel"), std::string::npos);
    EXPECT_NE(refusal({}).find("no DICOM image"), std::string::npos);
    DicomPlan p;
    std::string error;
    EXPECT_FALSE(hp::plan_dicom_series(stack(3, {0, 0, 1}), "9.9", &p, &error));
    EXPECT_NE(error.find("no series 9.9"), std::string::npos);
}

}  // namespace
