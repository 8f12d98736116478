#![no_main]

// The fixture catalog is built before the first input, so its load never counts as a hang.
libfuzzer_sys::fuzz_target!(init: solidus_fuzz::prepare("project_build"), |data: &[u8]| solidus_fuzz::project_build(data));
