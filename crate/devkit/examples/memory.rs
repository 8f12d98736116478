//! Heap use of the catalog, the index and a 20,000-item project merge, stage by stage, in the
//! order `Core::set_project` takes them.
//! `cargo run --release --example memory -- <fixture dir>`

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use solidus_core::catalog::build_catalog;
use solidus_core::merge::BaseItems;
use solidus_core::project::{build_project, Known};
use solidus_core::rank::Index;

struct Counting;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn report(stage: &str) {
    let mb = |b: usize| b as f64 / 1_048_576.0;
    println!(
        "{stage:<28} now {:6.1} MB  peak {:6.1} MB",
        mb(NOW.load(Relaxed)),
        mb(PEAK.load(Relaxed))
    );
}

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let sources = solidus_devkit::sources_from(&dir);
    report("sources read");
    let catalog = build_catalog(&sources);
    report("catalog built");
    let mut base = BaseItems::new(catalog.items.len());
    let index = Index::new(catalog.items);
    report("fixture index");
    let input = solidus_devkit::monorepo(1515, 10);
    report("project input");
    let items = base.take(index.into_items());
    report("fixture index dropped");
    let known = Known::from_items(&items);
    let mut project = build_project(&input, &known);
    drop(known);
    drop(input);
    report("project built");
    let merged = base.merge(items, &mut project);
    report("merged");
    // setProject serializes a borrowed view of the project straight to JavaScript, then drops it.
    drop(project);
    let count = merged.items.len();
    let start = std::time::Instant::now();
    let index = Index::new(merged.items);
    report(&format!("index of {count}"));
    println!("(indexed in {:?})", start.elapsed());
    drop(index);
}
