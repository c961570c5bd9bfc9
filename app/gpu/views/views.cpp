#include "views.h"

namespace hp {

bool Views::init(std::string* error) {
    pyramid_.init();
    return slices_.init(error) && stream_.init(error);
}

void Views::abandon() {
    slices_.abandon();
    pyramid_.abandon();
    stream_.abandon();
}

}  // namespace hp
