//! Inputs the fuzz targets in `fuzz/` found a bug with, one test each, read from
//! `tests/fuzz_regressions/<target>-<n>.*` as the target saw them (or as the answer text the
//! target's structured input stood for).

mod agent_common;

use std::path::PathBuf;

use serde_json::Value;
use solidus_core::agent::{check_response, StepAction, ValidatedPlan};

fn input(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// agent_plan: a number the model wrote reached the setting one unit in the last place off
/// (serde_json's default float parsing is best-effort), so printing the validated plan and
/// reading it back changed the value.
#[test]
fn agent_plan_1_a_setting_value_is_the_number_the_model_wrote() {
    let answer = input("agent_plan-1.json");
    let plan = check_response(&answer, agent_common::fixture()).expect("a plan");
    let [step] = plan.steps.as_slice() else {
        panic!("one kept step expected: {plan:?}");
    };
    let StepAction::Setting { value, .. } = &step.action else {
        panic!("a setting step expected: {step:?}");
    };
    let written: f64 = "1.6786726334775031e+243".parse().expect("a number");
    assert_eq!(value.as_f64().map(f64::to_bits), Some(written.to_bits()));
    let printed = serde_json::to_string(&plan).expect("serializable");
    let back: ValidatedPlan = serde_json::from_str(&printed).expect("reads back");
    assert_eq!(back, plan);
    let again: Value = serde_json::from_str(&value.to_string()).expect("a number");
    assert_eq!(&again, value);
}
