//! The one fuzzing binary: `solidus-fuzz <target>` under `cargo afl fuzz`, reading inputs from AFL++.
//!
//! Without AFL++ (`SOLIDUS_FUZZ_REPLAY=1`), it runs the target once on each file named after the
//! target instead, which is how a saved crash is reproduced with a backtrace.

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(name) = args.next() else {
        eprintln!("usage: solidus-fuzz <target> [files to replay]");
        for (name, _) in solidus_fuzz::TARGETS {
            eprintln!("  {name}");
        }
        std::process::exit(2);
    };
    let Some(&(_, target)) = solidus_fuzz::TARGETS.iter().find(|(n, _)| *n == name) else {
        eprintln!("solidus-fuzz: no target named {name}");
        std::process::exit(2);
    };
    // Built before AFL++ forks its children, so every child starts with the catalog ready.
    solidus_fuzz::prepare(&name);
    if std::env::var_os("SOLIDUS_FUZZ_REPLAY").is_some() {
        for file in args {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
            target(&data);
            println!("{file}: ok");
        }
        return;
    }
    afl::fuzz!(|data: &[u8]| {
        target(data);
    });
}
