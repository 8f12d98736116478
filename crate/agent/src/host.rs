//! /do's system prompt for the extension host: without processes it offers no terminal step.

use solidus_model::host::Host;

/// The lines of `agent::SYSTEM_PROMPT` that offer a terminal step; a test keeps them in step.
const TERMINAL_SHAPE: &str =
    "{\"type\": \"terminal\", \"command\": \"<one shell command line>\", \"why\": \"<a few words>\"}\n";
const TERMINAL_RULE: &str = "3. Prefer a listed item or setting over a terminal step. Use a terminal step only when nothing listed can do the job.";
const NO_TERMINAL_RULE: &str = "3. This editor has no terminal and cannot run shell commands: plan only with listed items and settings.";
const ARGS_FOR_TERMINAL: &str = "items of kind slash or terminal";

/// The /do system prompt for `host`: without processes the terminal step shape and the rule about
/// it are replaced by a sentence saying there is none, so no model is asked for one.
pub fn system_prompt_for(host: &Host, prompt: &str) -> String {
    if host.processes {
        return prompt.to_string();
    }
    prompt
        .replace(
            "Each step has one of these three shapes, and no other:",
            "Each step has one of these two shapes, and no other:",
        )
        .replace(TERMINAL_SHAPE, "")
        .replace(TERMINAL_RULE, NO_TERMINAL_RULE)
        .replace(ARGS_FOR_TERMINAL, "items of kind slash")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::SYSTEM_PROMPT;

    #[test]
    fn the_prompt_without_processes_offers_no_terminal_step() {
        for part in [TERMINAL_SHAPE, TERMINAL_RULE, ARGS_FOR_TERMINAL] {
            assert!(SYSTEM_PROMPT.contains(part), "the prompt changed: {part}");
        }
        let web = system_prompt_for(&Host { processes: false }, SYSTEM_PROMPT);
        assert!(!web.contains("\"terminal\""), "{web}");
        assert!(!web.contains("terminal step"), "{web}");
        assert!(web.contains("no terminal"));
        assert_eq!(
            system_prompt_for(&Host::default(), SYSTEM_PROMPT),
            SYSTEM_PROMPT
        );
    }
}
