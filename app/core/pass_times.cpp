#include "pass_times.h"

namespace hp {

void PassTimes::init_times(int passes) {
    passes_ = std::max(passes, 0);
    samples_.assign(std::size_t(passes_), {});
    count_.assign(std::size_t(passes_), 0);
}

void PassTimes::add(int pass, double ms) {
    if (!valid(pass)) return;
    const std::size_t p = std::size_t(pass);
    samples_[p][count_[p] % kWindow] = ms;
    ++count_[p];
}

double PassTimes::median_ms(int pass) const {
    const int n = samples(pass);
    if (n == 0) return 0;
    std::copy_n(samples_[std::size_t(pass)].begin(), n, scratch_.begin());
    std::nth_element(scratch_.begin(), scratch_.begin() + n / 2, scratch_.begin() + n);
    return scratch_[std::size_t(n / 2)];
}

}  // namespace hp
