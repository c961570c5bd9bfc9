// A tile scan's values read and its keys written one element at a time (scan_value, scan_put):
// the scans of counts (the surface's vertex and edge counts, the scan check), whose keys go to
// every element.
//!include scan_tiles.wgsl

// An invocation's 16 values from `first` on, into `v`; returns their sum.
fn scan_load(first: u32, v: ptr<function, array<u32, 16>>) -> u32 {
    var sum = 0u;
    for (var j = 0u; j < kPerThread; j++) {
        let x = scan_value(first + j);
        (*v)[j] = x;
        sum += x;
    }
    return sum;
}

// Its keys out: `key` is this invocation's first (`base` and `count`, the tile's first key and
// count, are for scan_flags.wgsl's version).
fn scan_write(t: u32, first: u32, v: ptr<function, array<u32, 16>>, key: u32, base: u32, count: u32) {
    var k = key;
    for (var j = 0u; j < kPerThread; j++) {
        scan_put(first + j, k, (*v)[j]);
        k += (*v)[j];
    }
}
