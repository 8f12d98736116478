//! The fuzz targets' bodies, one function per reader of outside text, free of any fuzzing engine.
//!
//! Each `fuzz_targets/<name>.rs` binary hands the engine's bytes to the function of the same name
//! here, so the same checks run under AFL++ and, for reproducing a saved input, under a plain
//! `cargo run`. Every function checks the properties its reader promises, beyond not panicking;
//! a broken property panics, which the engine records as a crash.
//!
//! Inputs made of several texts (a body and its arguments, a schema and a value) separate them
//! with the byte `0xFF`, which never occurs in UTF-8, so seeds are real files joined by that byte.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use serde_json::{Map, Value};
use solidus_core::agent::{
    check_response, find_json_object, parse_response, validate_plan, RawPlan, StepAction,
    ValidatedPlan, MAX_STEPS, TERMINAL_ITEM_ID,
};
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::project::{self, custom::Known};
use solidus_core::rank::{parse_query, Index};
use solidus_core::slash::{self, Provider, Scope, Segment, Tool};
use solidus_core::{jsonc, ItemKind, SettingSchema};

/// The separator of the texts in a multi-part input.
pub const SEPARATOR: u8 = 0xFF;

/// The input cut at every [`SEPARATOR`] into `n` texts (missing ones empty, extra ones joined to
/// the last), each read as UTF-8 with invalid bytes replaced.
pub fn parts(data: &[u8], n: usize) -> Vec<String> {
    let mut out: Vec<String> = data
        .splitn(n, |&b| b == SEPARATOR)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect();
    out.resize(n, String::new());
    out
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn shared() -> PathBuf {
    std::env::var_os("SOLIDUS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"))
}

/// The catalog of VS Code 1.139.1 from the fixture folder, built once per process.
pub fn fixture() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let read = |name: &str| {
            let path = shared().join("fixtures/vscode-1.139.1").join(name);
            Some(std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (set SOLIDUS_SHARED to the shared folder)",
                    path.display()
                )
            }))
        };
        let sources = CatalogSources {
            keybindings_schema: read("keybindings-schema.json"),
            default_settings: read("default-settings.jsonc"),
            resource_language_schema: read("resource-language-settings-schema.json"),
            default_keybindings: read("default-keybindings.jsonc"),
            extensions: read("extensions.json"),
            registered_commands: read("registered-commands.json"),
        };
        let index = Index::new(build_catalog(&sources).items);
        assert!(
            index.items().len() > 1000,
            "the fixture catalog is too small"
        );
        index
    })
}

/// Every property of a validated plan that holds whatever the model wrote.
fn check_plan(plan: &RawPlan, validated: &ValidatedPlan, index: &Index) {
    assert!(validated.steps.len() <= MAX_STEPS);
    assert_eq!(
        validated.steps.len() + validated.dropped.len() + validated.cut,
        plan.steps.len(),
        "every step is kept, dropped or cut"
    );
    assert_eq!(validated.reply, plan.reply);
    assert_eq!(
        validated.must_confirm,
        validated.steps.iter().any(|s| s.risk.needs_confirmation())
    );
    for step in &validated.steps {
        assert!(step.step < plan.steps.len());
        // The validator never keeps a step whose id or key is not in the catalog.
        match &step.action {
            StepAction::Item { id, kind, .. } => {
                let known = index.get(id).map(|item| item.kind);
                assert!(
                    known == Some(*kind) && *kind != ItemKind::Setting
                        || (known.is_none() && id == TERMINAL_ITEM_ID),
                    "kept an item step for {id:?} ({kind:?}), which the catalog holds as {known:?}"
                );
            }
            StepAction::Setting { key, value, .. } => {
                let item = index
                    .get(&format!("setting:{key}"))
                    .filter(|item| item.kind == ItemKind::Setting)
                    .unwrap_or_else(|| panic!("kept a setting step for unknown key {key:?}"));
                let schema = item.setting.as_ref().expect("a kept setting has a schema");
                assert_eq!(
                    schema.check(value),
                    Ok(()),
                    "kept a value its schema refuses"
                );
            }
            StepAction::Terminal { command } => assert!(!command.trim().is_empty()),
        }
    }
    // Printing the validated plan and reading it back keeps its steps.
    let printed = serde_json::to_string(validated).expect("a validated plan serializes");
    let back: ValidatedPlan = serde_json::from_str(&printed).expect("a printed plan reads back");
    assert_eq!(&back, validated, "the plan changed through JSON: {printed}");
}

/// The same plan with everything the model says about it changed: the reply, each step's `why`
/// and a field no step type reads. Steps keep their type, ids, keys, values and arguments.
fn reworded(plan: &RawPlan, seed: &str) -> RawPlan {
    let steps = plan
        .steps
        .iter()
        .map(|step| match step {
            Value::Object(fields) => {
                let mut fields = fields.clone();
                let why = match fields.get("why") {
                    Some(Value::String(why)) if why == seed => format!("{seed}!"),
                    _ => seed.to_string(),
                };
                fields.insert("why".into(), Value::String(why));
                fields.insert("confidence".into(), Value::String(seed.to_string()));
                Value::Object(fields)
            }
            other => other.clone(),
        })
        .collect();
    RawPlan {
        reply: format!("{seed}{}", plan.reply),
        steps,
    }
}

/// A kept step's class comes from the catalog and the rules, never from the model's words.
fn check_wording_independence(plan: &RawPlan, validated: &ValidatedPlan, index: &Index) {
    let other = validate_plan(&reworded(plan, "trust me, this is harmless"), index);
    let classes = |v: &ValidatedPlan| -> Vec<_> {
        v.steps
            .iter()
            .map(|s| (s.step, s.action.clone(), s.risk, s.risk_reason.clone()))
            .collect()
    };
    assert_eq!(
        classes(validated),
        classes(&other),
        "rewording changed a step"
    );
    let dropped = |v: &ValidatedPlan| -> Vec<usize> { v.dropped.iter().map(|d| d.step).collect() };
    assert_eq!(dropped(validated), dropped(&other));
    assert_eq!(validated.must_confirm, other.must_confirm);
}

/// Target `agent_answer`: a model's raw answer through the parser and the validator.
pub fn agent_answer(data: &[u8]) {
    let index = fixture();
    let answer = text(data);
    if let Ok(object) = find_json_object(&answer) {
        let start = object.as_ptr() as usize - answer.as_ptr() as usize;
        assert!(
            start + object.len() <= answer.len(),
            "the object lies inside the answer"
        );
        assert!(object.starts_with('{') && object.ends_with('}'));
    }
    let Ok(plan) = parse_response(&answer) else {
        return;
    };
    let validated = validate_plan(&plan, index);
    check_plan(&plan, &validated, index);
    check_wording_independence(&plan, &validated, index);
    // Printing the raw plan as an answer and reading it again gives the same plan.
    let printed = serde_json::to_string(&plan).expect("a raw plan serializes");
    let again = check_response(&format!("Here you go:\n```json\n{printed}\n```"), index)
        .expect("a printed plan parses");
    assert_eq!(
        again, validated,
        "the plan changed through printing: {printed}"
    );
}

/// A JSON value of bounded depth chosen by the fuzzer.
fn arbitrary_value(u: &mut Unstructured, depth: u32) -> arbitrary::Result<Value> {
    let pick = if depth == 0 {
        u.int_in_range(0..=4)?
    } else {
        u.int_in_range(0..=6)?
    };
    Ok(match pick {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::from(u.arbitrary::<i64>()?),
        3 => serde_json::Number::from_f64(u.arbitrary()?)
            .map(Value::Number)
            .unwrap_or(Value::Null),
        4 => Value::String(u.arbitrary()?),
        5 => {
            let n = u.int_in_range(0..=4)?;
            Value::Array(
                (0..n)
                    .map(|_| arbitrary_value(u, depth - 1))
                    .collect::<arbitrary::Result<_>>()?,
            )
        }
        _ => {
            let n = u.int_in_range(0..=4)?;
            let mut map = Map::new();
            for _ in 0..n {
                map.insert(u.arbitrary()?, arbitrary_value(u, depth - 1)?);
            }
            Value::Object(map)
        }
    })
}

/// A catalog id, a near miss of one, the terminal item or any text.
fn arbitrary_id(u: &mut Unstructured, index: &Index) -> arbitrary::Result<String> {
    let items = index.items();
    let real = &items[u.choose_index(items.len())?].id;
    Ok(match u.int_in_range(0..=5)? {
        0 | 1 => real.clone(),
        2 => TERMINAL_ITEM_ID.to_string(),
        3 => format!("{real}{}", u.arbitrary::<char>()?),
        4 => real.to_uppercase(),
        _ => u.arbitrary()?,
    })
}

/// A value for a setting: its default, one of its enum values, a neighbour of its range or anything.
fn arbitrary_setting_value(
    u: &mut Unstructured,
    schema: Option<&SettingSchema>,
) -> arbitrary::Result<Value> {
    let Some(schema) = schema else {
        return arbitrary_value(u, 2);
    };
    Ok(match u.int_in_range(0..=4)? {
        0 => schema.default.clone().unwrap_or(Value::Null),
        1 if !schema.enum_values.is_empty() => u.choose(&schema.enum_values)?.clone(),
        2 => {
            let bound = schema.minimum.or(schema.maximum).unwrap_or(0.0);
            let nudge = f64::from(u.int_in_range(-2i8..=2)?) * 0.5;
            serde_json::Number::from_f64(bound + nudge)
                .map(Value::Number)
                .unwrap_or(Value::Null)
        }
        _ => arbitrary_value(u, 2)?,
    })
}

fn arbitrary_step(u: &mut Unstructured, index: &Index) -> arbitrary::Result<Value> {
    let mut step = Map::new();
    let kind = u.int_in_range(0..=9)?;
    match kind {
        0..=3 => {
            step.insert("type".into(), "item".into());
            if u.ratio(9, 10)? {
                step.insert("id".into(), arbitrary_id(u, index)?.into());
            }
            match u.int_in_range(0..=4)? {
                0 => {}
                1 => {
                    step.insert("args".into(), Value::Null);
                }
                2 => {
                    step.insert("args".into(), arbitrary_value(u, 1)?);
                }
                _ => {
                    step.insert("args".into(), Value::String(u.arbitrary()?));
                }
            }
        }
        4..=7 => {
            step.insert("type".into(), "setting".into());
            let id = arbitrary_id(u, index)?;
            let key = id.strip_prefix("setting:").unwrap_or(&id).to_string();
            let schema = index
                .get(&format!("setting:{key}"))
                .and_then(|item| item.setting.as_deref());
            if u.ratio(1, 8)? {
                step.insert("key".into(), id.into());
            } else {
                step.insert("key".into(), key.into());
            }
            if u.ratio(9, 10)? {
                step.insert("value".into(), arbitrary_setting_value(u, schema)?);
            }
        }
        8 => {
            step.insert("type".into(), "terminal".into());
            step.insert("command".into(), Value::String(u.arbitrary()?));
        }
        _ => return arbitrary_value(u, 2),
    }
    if u.arbitrary()? {
        step.insert("why".into(), Value::String(u.arbitrary()?));
    }
    if u.ratio(1, 10)? {
        step.insert(u.arbitrary()?, arbitrary_value(u, 1)?);
    }
    Ok(Value::Object(step))
}

/// Target `agent_plan`: plans built from real catalog ids and keys, values near the schemas'
/// edges and every way a step can be malformed, through the validator; the plan is printed as a
/// model's answer and parsed too.
pub fn agent_plan(data: &[u8]) {
    let index = fixture();
    let mut u = Unstructured::new(data);
    let Ok(plan) = (|| -> arbitrary::Result<RawPlan> {
        let reply = u.arbitrary()?;
        let n = u.int_in_range(0..=(MAX_STEPS + 3))?;
        let steps = (0..n)
            .map(|_| arbitrary_step(&mut u, index))
            .collect::<arbitrary::Result<_>>()?;
        Ok(RawPlan { reply, steps })
    })() else {
        return;
    };
    let validated = validate_plan(&plan, index);
    check_plan(&plan, &validated, index);
    check_wording_independence(&plan, &validated, index);
    let printed = serde_json::to_string(&plan).expect("a raw plan serializes");
    let again = check_response(&printed, index).expect("a printed plan parses");
    assert_eq!(
        again, validated,
        "the plan changed through printing: {printed}"
    );
}

/// Target `frontmatter`: a command file's YAML block and its description.
pub fn frontmatter(data: &[u8]) {
    let file = text(data);
    let fm = slash::parse_frontmatter(&file);
    assert!(file.ends_with(&fm.body), "the body is the tail of the text");
    let _ = slash::describe(&fm);
    let _ = slash::describe_body(&fm.body);
    let _ = (
        fm.text("description"),
        fm.string("name"),
        fm.bool("user-invocable"),
    );
    assert!(fm.present || fm.fields.is_empty());
}

/// Target `slash_args`: the command splitter, the three argument splitters and shell quoting.
pub fn slash_args(data: &[u8]) {
    let input = text(data);
    if let Some(split) = slash::split_command(&input) {
        assert!(!split.name.is_empty() && !split.name.contains(' '));
        assert_eq!(
            format!(
                "/{}{}",
                split.name,
                if input.contains(' ') { " " } else { "" }
            )
            .len()
                + split.args.len(),
            input.len()
        );
    }
    let words = slash::parse_args(&input);
    assert!(words.iter().all(|w| !w.is_empty()));
    let _ = slash::parse_args_opencode(&input);
    // Codex's splitter keeps every word before an unterminated quote and agrees with the POSIX
    // splitter wherever that one succeeds and no word starts a `#` comment.
    let codex = slash::parse_args_codex(&input);
    if let Some(words) = slash::parse_args_shlex(&input) {
        if !input.contains('#') {
            assert_eq!(codex, words);
        }
    }
    if let Some(words) = slash::parse_args_shlex(&input) {
        // What the POSIX splitter reads back from quoted words is those words.
        let quoted: Vec<String> = words.iter().map(|w| slash::shell_quote(w)).collect();
        assert_eq!(
            slash::parse_args_shlex(&quoted.join(" ")),
            Some(words.clone())
        );
    }
    // A value quoted for where it lands reads back as exactly that value, in every context.
    use slash::QuoteContext::{Bare, Double, Single};
    for (context, open, close) in [(Bare, "", ""), (Single, "'", "'"), (Double, "\"", "\"")] {
        let line = format!("{open}{}{close}", slash::shell_quote_in(&input, context));
        assert_eq!(
            slash::parse_args_shlex(&line),
            Some(vec![input.clone()]),
            "{context:?}: {line:?}"
        );
    }
}

/// The words `render_body` splits the arguments into for `tool` (Gemini: its one whole text).
fn words_for(tool: Tool, args: &str) -> Vec<String> {
    let raw = args.trim();
    match tool {
        Tool::Codex => slash::parse_args_codex(raw),
        Tool::OpenCode => slash::parse_args_opencode(raw),
        Tool::Gemini => {
            let whole = slash::gemini_args(raw);
            if whole.is_empty() {
                Vec::new()
            } else {
                vec![whole.into_owned()]
            }
        }
        _ => slash::parse_args(raw),
    }
}

fn shell_lines(segments: &[Segment]) -> Vec<&str> {
    segments
        .iter()
        .filter_map(|s| match s {
            Segment::Shell { command, .. } => Some(command.as_str()),
            _ => None,
        })
        .collect()
}

/// Expands a body by one dialect: input `body 0xFF args 0xFF input-value 0xFF context-value`.
fn expand(tool: Tool, data: &[u8]) {
    let p = parts(data, 4);
    let (body, args) = (&p[0], &p[1]);
    let inputs = BTreeMap::from([("x".to_string(), p[2].clone())]);
    let context = BTreeMap::from([("file".to_string(), p[3].clone())]);
    let r = slash::render_body(tool, body, "c", args, &inputs, &context);
    assert!(r.ok || r.error.is_some());
    if !r.ok {
        return;
    }
    let joined: String = r.segments.iter().map(Segment::text).collect();
    assert_eq!(joined, r.text, "the segments are the text");
    assert_eq!(r.text.trim(), r.text);
    assert!(r.text.len() <= slash::MAX_EXPANSION_BYTES + args.len() + 16);
    // Every shell line in the output is a segment the shell must confirm; none hides in text.
    assert_eq!(
        shell_lines(&r.segments),
        r.shell,
        "a shell line is not reported"
    );
    let files: Vec<&str> = r
        .segments
        .iter()
        .filter_map(|s| match s {
            Segment::File { path, .. } => Some(path.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(files, r.files);
    // Argument text never opens or closes a shell line: only how many arguments there are can
    // matter (`{{#if args}}`, and a line left blank by missing arguments vanishes where the tool
    // runs nothing), so as many plain words give as many shell lines.
    let count = words_for(tool, args).len();
    if count > 0 {
        let plain_args = vec!["x"; count].join(" ");
        let plain = slash::render_body(tool, body, "c", &plain_args, &inputs, &context);
        if plain.ok {
            assert_eq!(
                plain.shell.len(),
                r.shell.len(),
                "the arguments {args:?} changed the shell lines: {:?} against {:?}",
                r.shell,
                plain.shell
            );
        }
    }
}

macro_rules! dialects {
    ($($name:ident => $tool:expr),* $(,)?) => {
        $(
            #[doc = concat!("Target `", stringify!($name), "`: one dialect's expander.")]
            pub fn $name(data: &[u8]) {
                expand($tool, data)
            }
        )*
    };
}

dialects! {
    expand_solidus => Tool::Solidus,
    expand_claude => Tool::Claude,
    expand_codex => Tool::Codex,
    expand_gemini => Tool::Gemini,
    expand_cursor => Tool::Cursor,
    expand_copilot => Tool::Copilot,
    expand_opencode => Tool::OpenCode,
}

/// A file a provider could find, with a name its folder holds.
#[derive(Debug)]
struct File {
    provider: Provider,
    project: bool,
    path: String,
    text: Option<String>,
    gitignored: bool,
}

impl<'a> Arbitrary<'a> for File {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<File> {
        let provider = *u.choose(&Provider::ALL)?;
        let stem: String = u.arbitrary()?;
        let path = match u.int_in_range(0..=6)? {
            0 => format!("{stem}.md"),
            1 => format!("{stem}.toml"),
            2 => format!("{stem}.prompt.md"),
            3 => format!("{stem}/SKILL.md"),
            4 => format!("a/{stem}.md"),
            5 => format!("{stem}.mdc"),
            _ => stem,
        };
        Ok(File {
            provider,
            project: u.arbitrary()?,
            path,
            text: u.arbitrary()?,
            gitignored: u.ratio(1, 10)?,
        })
    }
}

/// Target `slash_discover`: command files through discovery, then every active command expanded.
pub fn slash_discover(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok((files, trusted, typed)) = (|| -> arbitrary::Result<(Vec<File>, bool, String)> {
        Ok((u.arbitrary()?, u.arbitrary()?, u.arbitrary()?))
    })() else {
        return;
    };
    let input = slash::DiscoverInput {
        files: files
            .into_iter()
            .map(|f| slash::CandidateFile {
                provider: f.provider,
                scope: if f.project {
                    Scope::Project
                } else {
                    Scope::User
                },
                root: "/r".into(),
                path: f.path,
                text: f.text,
                read_error: None,
                gitignored: f.gitignored,
                outside: None,
                namespace: None,
            })
            .collect(),
        builtins: vec!["do".into()],
        trusted,
        ..slash::DiscoverInput::default()
    };
    let discovery = slash::discover(&input);
    let index = solidus_core::rank::Index::new(discovery.items());
    let _ = index.rank(
        &parse_query(&format!("/{typed}")),
        &solidus_core::rank::RankOptions::default(),
    );
    for command in discovery.active() {
        assert!(command.name != "do", "a file took a built-in name");
        // A name with a space cannot be typed; discovery warns about it.
        if command.name.contains(' ') {
            continue;
        }
        let request = slash::ExpandRequest {
            text: format!("/{} {typed}", command.name),
            ..slash::ExpandRequest::default()
        };
        let e = discovery.expand(&request);
        assert!(
            e.matched,
            "/{} does not find {:?}",
            command.name, command.id
        );
        let joined: String = e.segments.iter().map(Segment::text).collect();
        assert_eq!(joined, e.text);
        // The popup's shell badge is shown for every command whose expansion reaches a shell.
        assert!(
            e.shell.is_empty() || command.runs_shell,
            "{} expands to shell lines {:?} but is not marked as reaching a shell",
            command.name,
            e.shell
        );
    }
}

/// Target `jsonc`: comment stripping, parsing and the commented members of a document.
pub fn jsonc(data: &[u8]) {
    let document = text(data);
    let stripped = jsonc::strip(&document);
    assert_eq!(
        stripped.len(),
        document.len(),
        "stripping keeps every byte offset"
    );
    let parsed = jsonc::parse(&document);
    // Plain JSON is JSONC and reads the same.
    if let Ok(json) = serde_json::from_str::<Value>(&document) {
        assert_eq!(parsed.ok(), Some(json), "valid JSON read differently");
    }
    let _ = jsonc::commented_members(&document);
}

/// Target `catalog`: the six host documents (`0xFF`-separated, empty for absent) into a catalog.
pub fn catalog(data: &[u8]) {
    let p = parts(data, 6);
    let field = |i: usize| Some(p[i].clone()).filter(|t| !t.is_empty());
    let sources = CatalogSources {
        keybindings_schema: field(0),
        default_settings: field(1),
        resource_language_schema: field(2),
        default_keybindings: field(3),
        extensions: field(4),
        registered_commands: field(5),
    };
    let catalog = build_catalog(&sources);
    let stats = catalog.stats();
    assert_eq!(stats.total, catalog.items.len());
    let mut ids = std::collections::HashSet::new();
    for item in &catalog.items {
        assert!(ids.insert(item.id.as_str()), "duplicate id {}", item.id);
        if item.kind == ItemKind::Setting {
            assert!(item.key.is_some(), "a setting without a key: {}", item.id);
        }
    }
    let index = Index::new(catalog.items);
    for item in index.items() {
        assert!(index.get(&item.id).is_some());
    }
}

/// Target `project_npm`: `package.json` and `pnpm-workspace.yaml` (`0xFF`-separated).
pub fn project_npm(data: &[u8]) {
    let p = parts(data, 2);
    if let Ok(package) = project::npm::parse_package_json(&p[0]) {
        let _ = format!("{package:?}");
    }
    if let Ok(patterns) = project::npm::parse_pnpm_workspace(&p[1]) {
        let (include, exclude) = project::npm::member_patterns(&patterns);
        let _ = project::npm::is_member("packages/web", &include, &exclude);
    }
}

/// Target `project_make`: a Makefile.
pub fn project_make(data: &[u8]) {
    let _ = project::make::parse_makefile(&text(data));
}

/// Target `project_just`: a justfile.
pub fn project_just(data: &[u8]) {
    if let Ok(recipes) = project::just::parse_justfile(&text(data)) {
        for recipe in &recipes {
            assert!(!recipe.name.is_empty());
        }
    }
}

/// Target `project_cargo`: a `Cargo.toml`.
pub fn project_cargo(data: &[u8]) {
    let _ = project::cargo::parse_manifest(&text(data));
}

/// Target `project_deno`: a `deno.json` or `deno.jsonc`.
pub fn project_deno(data: &[u8]) {
    let _ = project::deno::parse_deno(&text(data));
}

/// Target `project_composer`: a `composer.json`.
pub fn project_composer(data: &[u8]) {
    let _ = project::composer::parse_composer(&text(data));
}

/// Target `project_custom`: the `solidus.customCommands` setting, checked against the fixture
/// catalog's commands and settings.
pub fn project_custom(data: &[u8]) {
    static KNOWN: OnceLock<Known<'static>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Known::from_items(fixture().items()));
    let Ok(value) = jsonc::parse(&text(data)) else {
        return;
    };
    let (commands, _warnings) = project::parse_custom_commands(&value, known);
    for command in &commands {
        let item = command.to_item();
        assert_eq!(item.kind, ItemKind::Custom);
    }
}

/// Target `project_build`: a whole workspace (folders of root and member files, VS Code tasks,
/// trust and the OS) built into items. Paths come from the names the core reads, so the bytes
/// go into the files' texts rather than into finding a name.
pub fn project_build(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(input) = arbitrary_project(&mut u) else {
        return;
    };
    static KNOWN: OnceLock<Known<'static>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Known::from_items(fixture().items()));
    let _ = project::files_to_read(&input);
    let built = project::build_project(&input, known);
    let mut ids = std::collections::HashSet::new();
    for item in &built.items {
        assert!(ids.insert(item.id.as_str()), "duplicate id {}", item.id);
        if !input.trusted {
            assert!(
                item.kind != ItemKind::Script,
                "a script item {} in an untrusted workspace",
                item.id
            );
        }
    }
    for run in &built.runs {
        assert!(ids.contains(run.id.as_str()), "a run spec without an item: {}", run.id);
    }
    for task in &built.tasks {
        assert!(task.index < input.tasks.len(), "a task ref past the input");
    }
}

/// File names a workspace folder may hold: every name the core reads or looks for, and member
/// paths under a few folders.
fn arbitrary_project(u: &mut Unstructured) -> arbitrary::Result<project::ProjectInput> {
    let mut names: Vec<String> = project::sources::read_files().map(str::to_string).collect();
    names.extend(project::stack::presence_patterns().iter().map(|s| s.to_string()));
    for member in ["packages/web", "crates/core", "apps/a b", "../up"] {
        for file in ["package.json", "Cargo.toml", "deno.json"] {
            names.push(format!("{member}/{file}"));
        }
    }
    let mut folders = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        let mut files = Vec::new();
        for _ in 0..u.int_in_range(0..=6)? {
            let path = u.choose(&names)?.clone();
            let text: String = u.arbitrary()?;
            files.push(project::FileInput { path, text });
        }
        // Root entries: the listed names plus arbitrary ones, as a directory listing would give.
        let mut entries: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
        entries.push(u.arbitrary()?);
        folders.push(project::FolderInput {
            name: u.arbitrary()?,
            root: String::new(),
            files,
            entries,
        });
    }
    let sources = ["Workspace", "npm", "typescript", "gulp", "", "shell"];
    let mut tasks = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        tasks.push(project::TaskInput {
            name: u.arbitrary()?,
            source: u.choose(&sources)?.to_string(),
            folder: u.arbitrary()?,
            detail: u.arbitrary()?,
        });
    }
    let os = *u.choose(&[project::Os::Linux, project::Os::Macos, project::Os::Windows])?;
    Ok(project::ProjectInput {
        folders,
        trusted: u.arbitrary()?,
        os,
        disabled_packs: Vec::new(),
        custom_commands: None,
        tasks,
    })
}

/// Target `query`: the popup's input grammar.
pub fn query(data: &[u8]) {
    let typed = text(data);
    let q = parse_query(&typed);
    assert_eq!(q.text, typed);
    for word in &q.words {
        assert!(!word.is_empty(), "an empty word from {typed:?}");
        assert_eq!(*word, word.to_lowercase(), "words are lowercase");
    }
    if q.slash.is_some() {
        assert!(typed.trim_start().starts_with('/'));
    }
}

/// Target `schema`: a setting's JSON-schema property, a value checked against it and a typed
/// text turned into a value (`0xFF`-separated).
pub fn schema(data: &[u8]) {
    let p = parts(data, 3);
    let Ok(property) = serde_json::from_str::<Value>(&p[0]) else {
        return;
    };
    let defs = property.get("$defs").and_then(Value::as_object);
    let mut schema = SettingSchema::from_json(&property, defs);
    schema.summarise();
    let _ = schema.expectation();
    if let Ok(value) = serde_json::from_str::<Value>(&p[1]) {
        let _ = schema.check(&value);
        let _ =
            solidus_core::risk::setting_change_verdict("editor.fontSize", Some(&schema), &value);
    }
    if let Some(default) = &schema.default {
        assert_eq!(
            schema.check(default),
            Ok(()),
            "a setting refuses its default"
        );
    }
    if let Ok(value) = schema.parse_text(&p[2]) {
        assert_eq!(
            schema.check(&value),
            Ok(()),
            "parse_text gave a value check refuses"
        );
    }
}

/// A target's body: one input, checked; a broken property panics.
pub type Target = fn(&[u8]);

/// Every target by name, for the runner and for reproducing an input.
pub const TARGETS: &[(&str, Target)] = &[
    ("agent_answer", agent_answer),
    ("agent_plan", agent_plan),
    ("frontmatter", frontmatter),
    ("slash_args", slash_args),
    ("expand_solidus", expand_solidus),
    ("expand_claude", expand_claude),
    ("expand_codex", expand_codex),
    ("expand_gemini", expand_gemini),
    ("expand_cursor", expand_cursor),
    ("expand_copilot", expand_copilot),
    ("expand_opencode", expand_opencode),
    ("slash_discover", slash_discover),
    ("jsonc", jsonc),
    ("catalog", catalog),
    ("project_npm", project_npm),
    ("project_make", project_make),
    ("project_just", project_just),
    ("project_cargo", project_cargo),
    ("project_deno", project_deno),
    ("project_composer", project_composer),
    ("project_custom", project_custom),
    ("project_build", project_build),
    ("query", query),
    ("schema", schema),
];

/// Builds what a target reads besides its input (the fixture catalog) once, before fuzzing.
pub fn prepare(target: &str) {
    if matches!(target, "agent_answer" | "agent_plan" | "project_custom" | "project_build") {
        let _ = fixture();
    }
}
