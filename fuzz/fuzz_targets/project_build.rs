#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| solidus_fuzz::project_build(data));
