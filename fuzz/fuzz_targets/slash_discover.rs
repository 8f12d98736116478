#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| solidus_fuzz::slash_discover(data));
