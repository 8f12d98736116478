//! What the core keeps of a built project after its items joined the catalog: how each script,
//! pack and task runs, the custom commands and the stacks, so no one else has to re-derive them.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{CustomCommand, CustomStep, ProjectCatalog, ProjectInput, RunSpec, Stack, TaskRef};
use solidus_model::item::Arguments;

/// One VS Code task item: which input task it runs, and how the dialog names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectTask"))]
#[serde(rename_all = "camelCase")]
pub struct TaskFact {
    #[serde(flatten)]
    pub task: TaskRef,
    /// `task <source>: <name>`, what the plan's dialog shows in place of a command line.
    pub label: String,
}

/// The facts of one project build; replaced whole on each `setProject`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectFacts {
    pub runs: Vec<RunSpec>,
    pub tasks: Vec<TaskFact>,
    pub custom_commands: Vec<CustomCommand>,
    pub stacks: Vec<Stack>,
    /// The stacks in words for /do's context line, such as `Node (pnpm), Rust (cargo)`.
    pub stack_context: String,
}

impl ProjectFacts {
    /// Takes the facts out of a build, leaving its items for the catalog.
    pub fn take(project: &mut ProjectCatalog, input: &ProjectInput) -> ProjectFacts {
        let tasks = std::mem::take(&mut project.tasks)
            .into_iter()
            .map(|task| {
                let label = input
                    .tasks
                    .get(task.index)
                    .map(|t| format!("task {}: {}", t.source.trim(), t.name.trim()))
                    .unwrap_or_else(|| format!("task {}", task.id));
                TaskFact { task, label }
            })
            .collect();
        ProjectFacts {
            runs: std::mem::take(&mut project.runs),
            tasks,
            custom_commands: std::mem::take(&mut project.custom_commands),
            stacks: std::mem::take(&mut project.stacks),
            stack_context: std::mem::take(&mut project.stack_context),
        }
    }

    /// How an item runs in a terminal, if it does. Cost: a linear scan of the run specs.
    pub fn run(&self, id: &str) -> Option<&RunSpec> {
        self.runs.iter().find(|r| r.id == id)
    }

    pub fn task(&self, id: &str) -> Option<&TaskFact> {
        self.tasks.iter().find(|t| t.task.id == id)
    }

    pub fn custom(&self, id: &str) -> Option<&CustomCommand> {
        self.custom_commands.iter().find(|c| c.id == id)
    }

    /// The exact line an item sends to a shell with these arguments: a script's or pack's
    /// command line with the arguments after it, a task's name, or a custom command's steps with
    /// its shell lines in full. `None` for items that do not reach a shell through a run spec.
    pub fn command_line(&self, id: &str, args: Option<&str>) -> Option<String> {
        if let Some(spec) = self.run(id) {
            return Some(line_with_args(&spec.command_line, args));
        }
        if let Some(task) = self.task(id) {
            return Some(task.label.clone());
        }
        let custom = self.custom(id)?;
        let steps: Vec<String> = custom
            .steps
            .iter()
            .map(|step| match step {
                CustomStep::Terminal { command } => command.clone(),
                CustomStep::Command { command, .. } => format!("(command {command})"),
                CustomStep::Setting { key, .. } => format!("(setting {key})"),
            })
            .collect();
        Some(steps.join(" ; "))
    }

    /// Which items take `args` beyond their kind's rule: an item whose run spec has parameters
    /// takes them (required when any parameter is), one without parameters takes none.
    pub fn arguments(&self) -> BTreeMap<String, Arguments> {
        self.runs
            .iter()
            .filter(|spec| !spec.argv.is_empty())
            .map(|spec| {
                let rule = if spec.params.iter().any(|p| p.required) {
                    Arguments::Required
                } else if spec.params.is_empty() {
                    Arguments::None
                } else {
                    Arguments::Optional
                };
                (spec.id.clone(), rule)
            })
            .collect()
    }
}

/// A command line with typed arguments after it; empty arguments add nothing.
pub fn line_with_args(line: &str, args: Option<&str>) -> String {
    let extra = args.map(str::trim).unwrap_or("");
    match (line.is_empty(), extra.is_empty()) {
        (_, true) => line.to_string(),
        (true, false) => extra.to_string(),
        (false, false) => format!("{line} {extra}"),
    }
}

#[cfg(test)]
mod tests {
    use super::line_with_args;

    #[test]
    fn arguments_follow_the_line_as_typed_and_the_terminal_runs_them_alone() {
        let cases = [
            ("npm run build", None, "npm run build"),
            ("npm run build", Some("  "), "npm run build"),
            (
                "just deploy",
                Some("prod \"eu west\""),
                "just deploy prod \"eu west\"",
            ),
            ("", Some(" ls -la "), "ls -la"),
            ("", None, ""),
        ];
        for (line, args, expected) in cases {
            assert_eq!(line_with_args(line, args), expected, "{line:?} {args:?}");
        }
    }
}
