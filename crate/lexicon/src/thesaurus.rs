//! Everyday words for VS Code's parts and actions, and the words its catalog uses for them: written by area from VS Code's documentation, not from any request set.

/// (everyday words, catalog words): a request word in the first list also matches the second list's words.
pub const THESAURUS: &[(&[&str], &[&str])] = &[
    // Area: workbench layout (activity bar, side bar, status bar, panel, command center, editor groups)
    (&["iconbar", "toolstrip", "leftbar"], &["activity"]),
    (&["sidepane", "sidepanel"], &["sidebar", "side"]),
    (
        &["footer", "statusline", "bottombar"],
        &["statusbar", "status"],
    ),
    (&["drawer", "tray"], &["panel"]),
    (
        &["omnibox", "searchbar", "searchbox"],
        &["command", "center"],
    ),
    (&["arrange", "arrangement", "rearrange"], &["layout"]),
    (&["maximise", "maximised"], &["maximize", "maximized"]),
    (&["minimise", "minimised"], &["minimize"]),
    (&["pane", "panes"], &["groups", "group", "split"]),
    (&["tabstrip"], &["tabs"]),
    (&["italic", "italics", "transient"], &["preview"]),
    (&["crumb", "crumbs", "navbar"], &["breadcrumbs"]),
    // Area: editor surface (minimap, scroll bar, gutter, line numbers, folding, guides, rulers)
    (&["map", "thumbnail", "miniature", "picture"], &["minimap"]),
    (&["overscroll"], &["beyond", "scroll"]),
    (&["lineno", "linenum"], &["line", "numbers"]),
    (&["chevron", "triangle", "twisty"], &["folding", "fold"]),
    (&["guideline", "guidelines"], &["guides", "guide"]),
    (
        &["printmargin", "wrapguide", "edgeline"],
        &["rulers", "ruler"],
    ),
    (
        &["pilcrow", "middot", "interpunct", "invisibles"],
        &["whitespace", "render"],
    ),
    (
        &["nonprinting", "unprintable", "zerowidth"],
        &["control", "characters", "invisible"],
    ),
    (
        &["confusable", "homoglyph", "lookalike"],
        &["ambiguous", "unicode"],
    ),
    (
        &[
            "parenthesis",
            "parentheses",
            "paren",
            "brace",
            "braces",
            "curly",
        ],
        &["bracket", "brackets"],
    ),
    (&["rainbow"], &["bracket", "pair", "colorization"]),
    (&["frozen", "freeze", "stuck"], &["sticky"]),
    (&["scrolloff"], &["cursor", "surrounding", "lines"]),
    (
        &["swatch", "colorpicker", "eyedropper"],
        &["color", "decorators", "picker"],
    ),
    (&["hyperlink", "clickable"], &["links"]),
    // Area: editor widgets (hover, inlay hints, ghost text, suggestions, parameter hints, lightbulb, peek)
    (
        &["popup", "mouseover", "infotip", "quickinfo"],
        &["hover", "tooltip"],
    ),
    (
        &["annotation", "annotations", "virtualtext"],
        &["inlay", "hints"],
    ),
    (&["ghost", "phantom", "ghosted"], &["inline", "suggest"]),
    (
        &["intellisense", "autocompletion", "autosuggest"],
        &["suggest", "suggestions"],
    ),
    (
        &["params", "argument", "arguments"],
        &["parameter", "signature", "hints"],
    ),
    (&["bulb", "lamp"], &["lightbulb", "actions"]),
    (&["glance", "sneak"], &["peek"]),
    (&["return"], &["enter"]),
    // Area: diff editor
    (&["unified"], &["inline", "diff"]),
    (&["comparison", "juxtapose"], &["compare", "diff"]),
    (&["identical", "untouched"], &["unchanged"]),
    (&["sidebyside"], &["side", "render"]),
    // Area: views (explorer, outline, timeline, search, problems, output, debug console)
    (
        &["filetree", "navigator", "nerdtree", "tree"],
        &["explorer"],
    ),
    (&["project", "projects"], &["workspace", "folder"]),
    (&["structure", "member"], &["outline", "symbol"]),
    (&["revision", "snapshot"], &["timeline", "history"]),
    (&["everywhere", "throughout"], &["search", "workspace"]),
    (&["regexp", "wildcard"], &["regex", "glob"]),
    (
        &["squiggle", "squiggles", "squiggly", "wavy"],
        &["problems", "diagnostics", "decorations"],
    ),
    (
        &["lint", "linter"],
        &["validate", "diagnostics", "problems"],
    ),
    (&["logfile", "logging"], &["output", "log"]),
    (&["immediate", "eval"], &["repl", "console", "evaluate"]),
    // Area: zen mode, full screen, centered layout
    (
        &[
            "distraction",
            "declutter",
            "clutter",
            "uncluttered",
            "minimalist",
        ],
        &["zen"],
    ),
    (&["immersive", "kiosk"], &["full", "screen"]),
    (&["centred", "centring"], &["centered"]),
    (
        &["presenting", "presentation", "demo", "keystroke"],
        &["screencast"],
    ),
    // Area: source control and Git
    (&["switch"], &["checkout"]),
    (
        &["abandon", "rollback", "scrap", "throwaway"],
        &["discard", "revert"],
    ),
    (&["shelve", "shelf", "park", "stow"], &["stash"]),
    (
        &["who", "author", "authored", "annotate", "wrote"],
        &["blame"],
    ),
    (&["stripe", "stripes"], &["decorations", "gutter", "diff"]),
    (&["grab", "retrieve"], &["fetch", "pull"]),
    (&["origin", "upstream"], &["remote"]),
    (
        &["checkin", "committing", "commiting", "commited"],
        &["commit"],
    ),
    (&["reword", "fixup"], &["amend"]),
    (&["vcs", "versioning"], &["scm", "git", "source", "control"]),
    (&["mergetool", "threeway"], &["merge", "conflict"]),
    // Area: navigation
    (&["usages", "usage", "referencing"], &["references"]),
    (&["caller"], &["call", "hierarchy", "incoming"]),
    (&["callee"], &["call", "hierarchy", "outgoing"]),
    (
        &["implementer", "implementor", "overrides"],
        &["implementations", "implementation"],
    ),
    (
        &["subclass", "supertype", "inheritance"],
        &["type", "hierarchy"],
    ),
    (&["function", "method", "func", "fn"], &["symbol"]),
    (&["jump", "hop"], &["go", "navigate"]),
    (&["backward", "backwards", "retrace"], &["back"]),
    (&["ahead", "onward", "onwards"], &["forward"]),
    (&["fuzzy"], &["quick", "open"]),
    // Area: editing
    (&["dupe", "dup"], &["duplicate", "copy"]),
    (&["nudge", "swap", "reorder", "shuffle"], &["move"]),
    (
        &["uncomment", "uncommenting", "decomment"],
        &["comment", "toggle"],
    ),
    (&["remark"], &["comment"]),
    (
        &[
            "capitalize",
            "capitalise",
            "capitalization",
            "capitalisation",
            "caps",
            "capital",
        ],
        &["uppercase", "titlecase", "case", "transform"],
    ),
    (&["unindent", "dedent", "deindent"], &["outdent"]),
    (&["tabstop", "shiftwidth"], &["tab", "size"]),
    (&["softtabs", "expandtab"], &["insert", "spaces"]),
    (
        &[
            "reformat",
            "prettify",
            "prettier",
            "beautify",
            "beautifier",
            "tidy",
            "autoformat",
        ],
        &["format", "formatter"],
    ),
    (&["formatting", "formatted"], &["format"]),
    (
        &["autopair", "autopairs", "pairing", "paired"],
        &["closing", "brackets", "pairs"],
    ),
    (&["enclose", "encircle"], &["surround"]),
    (
        &["simultaneous", "simultaneously", "multicursors"],
        &["multi", "cursor", "cursors"],
    ),
    (
        &["rectangular", "rectangle"],
        &["column", "box", "selection"],
    ),
    (&["dangling", "stray"], &["trailing", "trim"]),
    (&["trimming", "trimmed"], &["trim"]),
    (&["cutting"], &["cut"]),
    (
        &["alphabetize", "alphabetise", "alphabetical", "alphabetic"],
        &["sort", "ascending"],
    ),
    (&["combine", "concatenate"], &["join"]),
    (&["charset", "codepage"], &["encoding"]),
    (&["crlf", "lf", "linefeed", "carriage"], &["eol"]),
    (
        &["template", "templates", "boilerplate"],
        &["snippet", "snippets"],
    ),
    // Area: debugging
    (&["dot", "stopper", "bp"], &["breakpoint", "breakpoints"]),
    (&["halt", "suspend"], &["pause"]),
    (&["resume", "unpause"], &["continue"]),
    (&["stepping", "stepped"], &["step"]),
    (&["debugging", "debugged"], &["debug"]),
    (&["monitor", "observe"], &["watch"]),
    (&["locals", "vars", "globals"], &["variables"]),
    (&["exec", "execute", "running"], &["run"]),
    (
        &["stacktrace", "traceback", "backtrace", "callstack"],
        &["call", "stack"],
    ),
    (
        &["thrown", "throw", "throws", "uncaught"],
        &["exception", "exceptions"],
    ),
    (&["printf", "tracepoint", "tracepoints"], &["logpoint"]),
    // Area: terminal
    (&["beep", "bleep"], &["bell", "sound"]),
    (
        &[
            "cli",
            "tty",
            "pty",
            "xterm",
            "commandline",
            "cmd",
            "console",
        ],
        &["terminal", "shell"],
    ),
    (
        &["bash", "zsh", "fish", "powershell", "pwsh"],
        &["shell", "profile"],
    ),
    (&["divide", "halve", "halves", "splitting"], &["split"]),
    (&["cls", "wipe"], &["clear"]),
    (&["terminate", "destroy"], &["kill"]),
    (&["webgl", "canvas", "hardware"], &["gpu", "acceleration"]),
    (&["pwd", "workdir"], &["cwd"]),
    // Area: files
    (&["autosave", "autosaving"], &["auto", "save"]),
    (&["dotfile"], &["exclude", "hidden"]),
    (&["gitignore", "gitignored"], &["ignore", "exclude"]),
    (&["follow", "autoscroll"], &["reveal"]),
    (
        &["remember", "remembered", "session", "relaunch"],
        &["restore", "editors"],
    ),
    (&["bin", "recycle", "wastebasket", "rubbish"], &["trash"]),
    (&["backup"], &["hot", "exit"]),
    (&["scratch", "scratchpad", "blank"], &["untitled"]),
    (&["filetype"], &["associations", "language"]),
    // Area: appearance
    (
        &["skin", "scheme", "colorscheme", "colourscheme"],
        &["theme"],
    ),
    (&["iconset", "iconpack"], &["icon", "theme"]),
    (
        &["typeface", "monospace", "monospaced"],
        &["font", "family"],
    ),
    (&["bold", "boldness"], &["font", "weight"]),
    (&["kerning"], &["letter", "spacing"]),
    (&["magnify", "magnification", "magnifier"], &["zoom"]),
    (
        &["tint", "hue", "accent", "shade"],
        &["color", "customizations"],
    ),
    (
        &["legible", "legibility", "readable", "readability"],
        &["contrast", "high"],
    ),
    (
        &["transparent", "transparency", "translucent"],
        &["opacity"],
    ),
    (
        &["faded", "greyed", "grayed", "dimmed"],
        &["dim", "unused", "unfocused"],
    ),
    // Area: accessibility
    (
        &[
            "blind",
            "narrator",
            "voiceover",
            "nvda",
            "jaws",
            "orca",
            "braille",
        ],
        &["screen", "reader"],
    ),
    (
        &[
            "noise", "noises", "ding", "chime", "chimes", "tone", "earcon",
        ],
        &["sound", "signals", "audio"],
    ),
    (&["mute", "muted", "silent"], &["sound", "volume"]),
    (&["speak", "spoken", "aloud"], &["announcement", "speech"]),
    (&["tabbing"], &["tab", "focus"]),
    (&["a11y"], &["accessibility", "accessible"]),
    (&["dictate", "microphone", "mic"], &["dictation", "voice"]),
    // Area: extensions
    (&["plugin", "addon", "addin"], &["extensions", "extension"]),
    (&["store", "shop"], &["marketplace", "gallery"]),
    (&["upgrade", "upgrading"], &["update"]),
    (&["sideload", "sideloading"], &["vsix", "install"]),
    // Area: telemetry and workspace trust
    (&["analytics", "privacy", "tracking"], &["telemetry"]),
    (
        &["safe", "unsafe", "sandbox", "sandboxed", "malicious"],
        &["trust", "restricted", "untrusted"],
    ),
    (&["distrust", "untrust"], &["untrusted", "trust"]),
    (&["optout"], &["telemetry", "level"]),
    // Area: notifications
    (
        &["alert", "banner", "bubble", "nag"],
        &["notifications", "toast"],
    ),
    (
        &[
            "quiet",
            "dnd",
            "interruptions",
            "undisturbed",
            "silence",
            "snooze",
        ],
        &["disturb", "notifications"],
    ),
    (&["counter", "counters"], &["badge", "badges"]),
    (&["dismiss"], &["clear", "notifications"]),
    // Area: window (title, menu, closing)
    (&["caption"], &["title"]),
    (&["hamburger"], &["menu"]),
    (&["quit", "quitting"], &["close", "exit"]),
    (&["accelerator", "accelerators"], &["mnemonics", "menu"]),
    // Area: settings and preferences
    (
        &["prefs", "options", "config", "configure"],
        &["settings", "preferences"],
    ),
    (&["roaming", "roam"], &["sync", "settings"]),
];
