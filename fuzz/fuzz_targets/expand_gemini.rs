#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| solidus_fuzz::expand_gemini(data));
