// First chunk of a module that uses subgroup operations (the device has the subgroups feature).
enable subgroups;
