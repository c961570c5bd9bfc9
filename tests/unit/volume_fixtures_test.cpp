// The volume readers against files written by writers no one here wrote (nibabel, teem, VTK:
// tests/volumes/write_fixtures.py, run here into the build folder), each compared with what
// its own library reads back: every value exactly, the dims, the voxel → world map. Skipped,
// saying why, where the writers are not installed (scripts/setup.sh --test-tier installs them).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include "volume_file.h"

namespace hp {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(VolumeFixtures, ThirdPartyFilesReadAsTheirOwnLibrariesReadThem) {
    const std::string out = HP_FIXTURES_DIR;
    const std::string command = "/usr/bin/python3 " HP_SOURCE_DIR "/tests/volumes/write_fixtures.py " + out + " >" +
                                out + ".log 2>&1";
    const int status = std::system(command.c_str());
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) GTEST_SKIP() << "the writers are not installed: " << out << ".log";
    ASSERT_EQ(status, 0) << "write_fixtures.py failed: " << out << ".log";
    std::ifstream manifest(out + "/manifest.txt");
    std::string line;
    int checked = 0;
    while (std::getline(manifest, line)) {
        std::istringstream f(line);
        std::string file, kind;
        std::array<int, 3> dims{};
        std::array<double, 12> world{};
        f >> file >> kind >> dims[0] >> dims[1] >> dims[2];
        for (double& w : world) f >> w;
        SCOPED_TRACE(file);
        const std::vector<std::uint8_t> data = bytes_of(out + "/" + file);
        Volume v;
        std::string error;
        ASSERT_TRUE(load_volume(data.data(), data.size(), {}, &v, &error)) << error;
        EXPECT_EQ(v.file, kind);
        EXPECT_EQ(v.dims, dims);
        for (std::size_t i = 0; i < 12; ++i) EXPECT_NEAR(v.to_world[i], world[i], 1e-5) << "to_world[" << i << "]";
        const std::vector<std::uint8_t> want = bytes_of(out + "/" + file + ".f32");
        ASSERT_EQ(want.size(), v.values.size() * 4);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < v.values.size(); ++i) {
            float w;
            std::memcpy(&w, &want[4 * i], 4);
            differ += w != v.values[i];
        }
        EXPECT_EQ(differ, 0u) << "values differ from the reference reader's";
        ++checked;
    }
    EXPECT_EQ(checked, 10);
}

}  // namespace
}  // namespace hp
