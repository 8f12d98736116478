//! VS Code tasks (what `vscode.tasks.fetchTasks` reports) as catalog items.
//!
//! The shell keeps the task objects and runs the one an item points at; the core only decides
//! which tasks become items and how they read. Tasks from providers whose files Solidus reads
//! itself (npm, Cargo, …) are left out, so the same script is never listed twice.

use serde::{Deserialize, Serialize};

use super::{bad_name, make_id, one_line, Sink};
use solidus_model::item::{Item, ItemKind};

/// One task as the shell saw it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectTaskInput"))]
#[serde(rename_all = "camelCase", default)]
pub struct TaskInput {
    /// The task's name (its label without the source).
    pub name: String,
    /// Who provides it: `Workspace` for `tasks.json`, else the provider (`typescript`, `gulp`, …).
    pub source: String,
    /// The workspace folder it belongs to; empty for workspace-wide or user tasks.
    pub folder: String,
    /// The task's own detail, or the command line it runs.
    pub detail: String,
}

/// Which input task an item runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectTaskRef"))]
#[serde(rename_all = "camelCase")]
pub struct TaskRef {
    pub id: String,
    /// The position in `ProjectInput::tasks`.
    pub index: usize,
}

/// Items for the tasks worth listing, with the index of the task each one runs.
pub(crate) fn items(tasks: &[TaskInput], multi: bool, sink: &mut Sink) -> Vec<(Item, TaskRef)> {
    let mut out = Vec::new();
    for (index, task) in tasks.iter().enumerate() {
        let source = task.source.trim();
        if super::sources::is_duplicate_task_source(source) {
            continue;
        }
        if let Some(problem) = bad_name(&task.name) {
            sink.warn(
                "tasks",
                format!("a {} task {problem}, skipped", one_line(source, 40)),
            );
            continue;
        }
        let folder = task.folder.trim();
        let id = make_id(&["task", source, folder, &task.name]);
        let shown_source = if source.eq_ignore_ascii_case("workspace") {
            String::new()
        } else {
            format!("{source}: ")
        };
        let mut title = format!("Task: {shown_source}{}", one_line(&task.name, 120));
        if multi && !folder.is_empty() {
            title.push_str(&format!(" ({folder})"));
        }
        let mut keywords = vec!["task".to_string(), "script".to_string()];
        if !source.is_empty() {
            keywords.push(source.to_lowercase());
        }
        let item = solidus_guard::classified(Item {
            id: id.clone(),
            kind: ItemKind::Script,
            title,
            detail: Some(one_line(&task.detail, 240)).filter(|d| !d.is_empty()),
            keywords,
            source: "project:tasks".to_string(),
            from_workspace: true,
            ..Item::default()
        });
        out.push((item, TaskRef { id, index }));
    }
    out
}
