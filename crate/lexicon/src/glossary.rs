//! VS Code's UI parts as people describe them: each part's catalog words and plain descriptions of how it looks or what it does, written blind (by a helper who saw no request set) from what VS Code's UI is.

/// One part of VS Code's UI: the words its commands and settings use, and how people describe it.
pub struct Part {
    /// Catalog words that name the part (lowercase, as in command titles or setting keys).
    pub names: &'static [&'static str],
    /// Plain-language descriptions, each a short phrase a new user might write.
    pub descriptions: &'static [&'static str],
}

pub const PARTS: &[Part] = &[
    // Area: workbench layout
    Part {
        names: &["activity", "bar"],
        descriptions: &[
            "column of big icons on the far left",
            "vertical strip of icons along the left edge",
            "icon bar for explorer, search, git and extensions",
            "thin bar with the files and magnifier icons",
            "buttons down the side that switch views",
        ],
    },
    Part {
        names: &["sidebar", "side"],
        descriptions: &[
            "pane on the left with the file tree",
            "left area that shows explorer or search",
            "the column that opens when clicking the left icons",
            "big pane next to the icons holding views",
            "file list beside the editor",
        ],
    },
    Part {
        names: &["sidebar", "position", "location"],
        descriptions: &[
            "which side the file tree sits on",
            "left pane moved over to the right",
            "explorer on the right instead of the left",
            "side pane placement, left or right edge",
            "file pane on the other side of the window",
        ],
    },
    Part {
        names: &["secondary", "auxiliary"],
        descriptions: &[
            "second pane on the right side of the window",
            "extra column on the opposite side from the explorer",
            "right hand side area where chat lives",
            "the other side bar on the right",
            "additional sidebar across from the main one",
        ],
    },
    Part {
        names: &["panel"],
        descriptions: &[
            "area at the bottom with terminal and output",
            "bottom section holding problems, output and debug console",
            "the box under the editor with tabs like terminal",
            "lower pane that pops up below the code",
            "strip along the bottom for terminal and problems",
        ],
    },
    Part {
        names: &["panel", "position", "location"],
        descriptions: &[
            "where the bottom area is docked",
            "terminal pane moved to the side or top",
            "bottom panel placed on the right instead",
            "output area docked left, right or bottom",
            "the lower pane sitting somewhere else",
        ],
    },
    Part {
        names: &["panel", "alignment", "align"],
        descriptions: &[
            "how wide the bottom panel stretches",
            "bottom area reaching under the side bar or not",
            "panel width, centered or full width",
            "whether the terminal area spans to the window edges",
            "bottom pane lined up with the editor only",
        ],
    },
    Part {
        names: &["statusbar", "status"],
        descriptions: &[
            "coloured strip along the very bottom",
            "thin bar at the bottom showing line and column",
            "blue bar at the bottom with branch and errors",
            "bottom line with encoding, language and spaces",
            "little info bar at the foot of the window",
        ],
    },
    Part {
        names: &["title", "bar"],
        descriptions: &[
            "strip along the very top of the window",
            "top bar with the minimize and close buttons",
            "text at the top showing file and folder name",
            "the header at the top of the app",
            "what the top edge of the window says",
        ],
    },
    Part {
        names: &["menubar", "menu"],
        descriptions: &[
            "File Edit Selection View row at the top",
            "row of menus across the top",
            "top menus like File and Edit",
            "hamburger menu in the top left corner",
            "drop down menus at the top of the window",
        ],
    },
    Part {
        names: &["command", "center"],
        descriptions: &[
            "search box in the middle of the top bar",
            "the box at the top with the project name",
            "clickable search field in the title area",
            "little search pill at the top center",
            "back and forward arrows next to the top search",
        ],
    },
    Part {
        names: &["layout", "control", "customize"],
        descriptions: &[
            "little buttons top right that show or hide panes",
            "icons in the top corner for side bars and panel",
            "square icons at the top right for areas",
            "layout buttons beside the window controls",
            "menu for arranging which parts are visible",
        ],
    },
    Part {
        names: &["palette", "quick", "commands"],
        descriptions: &[
            "search box at the top for running commands",
            "the list of all actions you type into",
            "drop down with a > at the top",
            "box where you type a command name",
            "popup list at the top of the window",
        ],
    },
    // Area: editor tabs and groups
    Part {
        names: &["tabs", "tab"],
        descriptions: &[
            "row of open file names above the code",
            "tabs at the top of the editor",
            "strip of open files across the top",
            "file tabs like in a web browser",
            "headers for each open file",
        ],
    },
    Part {
        names: &["wrap", "tabs"],
        descriptions: &[
            "open files spilling onto a second row",
            "file names continuing onto multiple lines above the code",
            "headers stacking instead of scrolling sideways",
            "too many open files going off the edge",
            "multi row strip of open files",
        ],
    },
    Part {
        names: &["pinned", "pin"],
        descriptions: &[
            "tabs stuck to the left that stay open",
            "tabs with a little pin icon",
            "kept tabs that don't close with the rest",
            "small locked tabs at the start of the row",
            "sticky tabs on their own separate row",
        ],
    },
    Part {
        names: &["preview"],
        descriptions: &[
            "tab with the file name in italics",
            "italic tab that gets replaced by the next file",
            "single click opens a temporary tab",
            "files keep replacing each other in one tab",
            "slanted title tab that goes away when opening another",
        ],
    },
    Part {
        names: &["split", "group", "groups"],
        descriptions: &[
            "two files side by side",
            "editor divided into several panes",
            "code open in columns next to each other",
            "same file shown twice next to itself",
            "side by side editors in one window",
            "grid of editors in rows and columns",
        ],
    },
    Part {
        names: &["zen"],
        descriptions: &[
            "distraction free full screen writing view",
            "hides everything except the code",
            "clean mode with no bars or panels",
            "minimal view for focusing only on text",
        ],
    },
    Part {
        names: &["centered", "layout"],
        descriptions: &[
            "code in a narrow column in the middle",
            "editor centered with empty space on both sides",
            "text in the middle of a wide monitor",
            "big margins left and right of the editor",
        ],
    },
    Part {
        names: &["breadcrumbs"],
        descriptions: &[
            "path above the file",
            "folder > file > function trail under the tabs",
            "clickable path at the top of the editor",
            "navigation trail showing where I am in the code",
            "the line with little arrows between folder names",
        ],
    },
    Part {
        names: &["notifications", "toast", "notification"],
        descriptions: &[
            "pop up messages in the bottom right corner",
            "little boxes that slide in at the bottom",
            "alerts and info messages from extensions",
            "bell icon with messages in the corner",
            "messages that keep appearing over my code",
            "bell with a slash for quiet mode",
        ],
    },
    Part {
        names: &["welcome", "startup", "walkthroughs"],
        descriptions: &[
            "start screen that opens every time",
            "getting started page with walkthroughs",
            "the page shown when VS Code launches",
            "intro tab with recent folders and tips",
            "first screen on launch with checklists",
        ],
    },
    // Area: editor surface
    Part {
        names: &["minimap"],
        descriptions: &[
            "little map of the code on the right",
            "zoomed out preview of the whole file",
            "tiny blurry version of the code beside the scrollbar",
            "overview of the file down the right edge",
            "small colourful code outline on the side",
        ],
    },
    Part {
        names: &["scrollbar"],
        descriptions: &[
            "bar on the right edge for scrolling",
            "horizontal bar at the bottom of the code",
            "thing you drag to move through the file",
            "the scroll thumb and its track",
            "thickness of the scrolling bars",
            "coloured marks along the scroll track",
        ],
    },
    Part {
        names: &["line", "numbers"],
        descriptions: &[
            "numbers down the left side of the code",
            "the count next to each row",
            "digits in the left margin",
            "row numbering beside the text",
        ],
    },
    Part {
        names: &["relative", "numbers"],
        descriptions: &[
            "numbers counting from the cursor line",
            "vim style line numbering",
            "distance from the current line shown on the left",
            "numbers that change as I move up and down",
        ],
    },
    Part {
        names: &["glyph", "margin", "gutter"],
        descriptions: &[
            "space left of the line numbers",
            "column where red breakpoint dots appear",
            "strip beside the numbers for icons",
            "blank gap at the left edge of the editor",
            "narrow margin area for markers",
        ],
    },
    Part {
        names: &["folding", "fold"],
        descriptions: &[
            "little arrows next to the line numbers",
            "chevrons to collapse a block of code",
            "triangles to hide functions",
            "plus and minus things beside code blocks",
            "hidden sections of code with three dots",
        ],
    },
    Part {
        names: &["guides", "indentation"],
        descriptions: &[
            "vertical lines showing indentation levels",
            "faint lines down each indent",
            "thin grey lines in the leading spaces",
            "dotted lines connecting nested code",
            "lines that show how deep code is nested",
        ],
    },
    Part {
        names: &["bracket", "pairs", "guides"],
        descriptions: &[
            "lines connecting matching brackets",
            "coloured vertical lines between braces",
            "guide from the opening to the closing bracket",
            "horizontal line under a bracket block",
        ],
    },
    Part {
        names: &["bracket", "colorization"],
        descriptions: &[
            "rainbow coloured brackets",
            "parentheses in different colours",
            "braces coloured by nesting level",
            "yellow, pink and blue brackets",
            "matching braces sharing a colour",
        ],
    },
    Part {
        names: &["rulers"],
        descriptions: &[
            "vertical line at 80 characters",
            "column marker line in the editor",
            "thin line showing the max line length",
            "guide line on the right at a fixed width",
        ],
    },
    Part {
        names: &["whitespace", "render"],
        descriptions: &[
            "dots for spaces",
            "arrows showing tabs",
            "visible spaces and tabs as faint symbols",
            "little grey dots between words",
            "marks for trailing spaces at line ends",
        ],
    },
    Part {
        names: &["control", "characters"],
        descriptions: &[
            "weird symbols for invisible bytes",
            "boxes for special codes like null or escape",
            "hidden symbols shown as little codes",
            "non printing stuff made visible",
            "strange red markers in the text",
        ],
    },
    Part {
        names: &["unicode", "ambiguous", "invisible"],
        descriptions: &[
            "yellow boxes around strange characters",
            "highlighted lookalike letters from other alphabets",
            "warning border around non ascii characters",
            "characters flagged as confusing",
            "zero width characters marked in the text",
        ],
    },
    Part {
        names: &["word", "wrap"],
        descriptions: &[
            "long lines continuing on the next line",
            "text breaking at the window edge",
            "no sideways scrolling for long lines",
            "lines folding around to fit the width",
            "soft wrapping of long text",
        ],
    },
    Part {
        names: &["sticky", "scroll"],
        descriptions: &[
            "function name stuck at the top while scrolling",
            "header lines that stay pinned at the top",
            "class and method names frozen above the code",
            "overlay showing which block I'm in",
            "top lines that don't scroll away",
        ],
    },
    Part {
        names: &["smooth", "scrolling"],
        descriptions: &[
            "animated gliding when scrolling",
            "scroll that slides instead of jumping",
            "easing when paging through the file",
            "gradual scroll motion",
        ],
    },
    // Area: cursor and highlights
    Part {
        names: &["cursor", "style", "width"],
        descriptions: &[
            "shape of the blinking line where I type",
            "block caret instead of a thin line",
            "underline shaped caret",
            "how thick the insertion bar is",
            "skinny caret that is hard to see",
            "fat block like in a terminal",
        ],
    },
    Part {
        names: &["cursor", "blinking"],
        descriptions: &[
            "flashing caret where I type",
            "caret that fades in and out",
            "text insertion line that keeps flashing",
            "pulsing or solid caret",
            "typing marker that smoothly fades",
        ],
    },
    Part {
        names: &["smooth", "caret", "animation"],
        descriptions: &[
            "cursor gliding between positions",
            "caret sliding when it moves",
            "animated cursor movement",
            "cursor swooshing along as I type",
        ],
    },
    Part {
        names: &["render", "line", "highlight"],
        descriptions: &[
            "box around the row I'm on",
            "shaded background on the current row",
            "strip marking where the caret is",
            "bright band behind the active row",
            "outline of the row being edited",
        ],
    },
    Part {
        names: &["selection", "highlight"],
        descriptions: &[
            "same text elsewhere lights up when selected",
            "other copies of the selected word shaded",
            "faint boxes around matches of my selection",
            "matching text highlighted after selecting",
        ],
    },
    Part {
        names: &["occurrences", "highlight"],
        descriptions: &[
            "every use of the variable under the cursor lit up",
            "same word highlighted everywhere when clicking it",
            "other references shaded when the cursor sits on a name",
            "symbol usages in the file marked",
        ],
    },
    // Area: fonts and zoom
    Part {
        names: &["ligatures"],
        descriptions: &[
            "arrows and != merging into one symbol",
            "combined characters like => drawn as one glyph",
            "fancy joined operators",
            "two characters drawn as one",
        ],
    },
    Part {
        names: &["font", "size", "zoom"],
        descriptions: &[
            "how big the text in the editor is",
            "letters too small to read",
            "text bigger with ctrl and plus",
            "scaling text with ctrl and the mouse wheel",
            "magnified code view",
        ],
    },
    // Area: code intelligence
    Part {
        names: &["codelens", "lens"],
        descriptions: &[
            "grey clickable text above functions",
            "references count line above methods",
            "small links like run test above code",
            "little info lines above each function",
            "faint annotations over definitions",
        ],
    },
    Part {
        names: &["inlay", "hints"],
        descriptions: &[
            "grey type labels inside the code",
            "parameter names shown inline in function calls",
            "faint extra text that isn't really in the file",
            "little tags showing types after variables",
            "greyed annotations between my code",
        ],
    },
    Part {
        names: &["lightbulb", "quick", "fix"],
        descriptions: &[
            "yellow light bulb next to the line",
            "bulb icon offering fixes",
            "little sparkle or bulb in the margin",
            "popup with suggested fixes for errors",
            "refactor suggestions icon",
        ],
    },
    Part {
        names: &["hover"],
        descriptions: &[
            "popup when the mouse rests on a word",
            "tooltip with documentation over code",
            "info box appearing on mouse over",
            "box showing the type when pointing at it",
            "little window under the pointer",
        ],
    },
    Part {
        names: &["parameter", "hints", "signature"],
        descriptions: &[
            "popup showing function arguments while typing",
            "box listing parameters after the bracket",
            "signature help above the call",
            "tooltip of which argument I'm on",
        ],
    },
    Part {
        names: &["suggest", "suggestions", "quick"],
        descriptions: &[
            "the autocomplete list of options",
            "dropdown of completions while typing",
            "list of words that pops up as I type",
            "intellisense popup while coding",
            "menu guessing what I'll type",
        ],
    },
    Part {
        names: &["inline", "suggest", "completions"],
        descriptions: &[
            "grey ghost text ahead of the cursor",
            "faded suggested code completing the line",
            "AI guessing the rest of my line in grey",
            "greyed out text accepted with tab",
            "predicted code shown inline",
        ],
    },
    Part {
        names: &["snippets", "snippet"],
        descriptions: &[
            "templates that expand into code",
            "short prefixes that fill in blocks",
            "reusable code shortcuts",
            "boilerplate inserted from a keyword",
        ],
    },
    Part {
        names: &["emmet"],
        descriptions: &[
            "html abbreviations that expand into tags",
            "typing div.class and pressing tab",
            "shorthand for writing html and css",
            "expanding ul>li*3 into markup",
        ],
    },
    Part {
        names: &["peek", "references"],
        descriptions: &[
            "inline window showing references below the line",
            "embedded preview of a definition without leaving the file",
            "box that opens inside the editor with results",
            "list of usages in a popup within the code",
            "mini editor inside the editor",
        ],
    },
    Part {
        names: &["outline"],
        descriptions: &[
            "list of functions and classes in the file",
            "tree of symbols in the side bar",
            "structure view of the current file",
            "table of contents for the code",
        ],
    },
    Part {
        names: &["symbol", "workspace"],
        descriptions: &[
            "jump to a function by name with @",
            "search for a class across the project",
            "list of symbols to pick from",
            "quick list of methods in this file",
        ],
    },
    Part {
        names: &["problems", "markers"],
        descriptions: &[
            "list of errors and warnings at the bottom",
            "error count with the x and triangle icons",
            "panel collecting all the red and yellow issues",
            "tab showing compile errors",
        ],
    },
    Part {
        names: &["validation", "decorations"],
        descriptions: &[
            "red wavy underlines",
            "squiggly lines under errors",
            "yellow wiggly line under a warning",
            "error underlines in the code",
        ],
    },
    // Area: editing behaviour
    Part {
        names: &["format", "save"],
        descriptions: &[
            "code tidied up every time I save",
            "automatic formatting when saving",
            "prettier running on save",
            "file gets reformatted when saved",
        ],
    },
    Part {
        names: &["format", "paste", "type"],
        descriptions: &[
            "pasted code automatically re-indented",
            "formatting as I type a line",
            "code rearranging itself after typing a semicolon",
            "pasted text gets cleaned up",
        ],
    },
    Part {
        names: &["closing", "brackets", "quotes"],
        descriptions: &[
            "closing bracket added automatically",
            "typing ( inserts ) too",
            "extra brace appears by itself",
            "typing a quote gives two",
            "paired parenthesis or quote inserted for me",
        ],
    },
    Part {
        names: &["auto", "indent"],
        descriptions: &[
            "new line starts indented automatically",
            "cursor jumps to the right indentation",
            "indentation adjusting when I press enter",
            "automatic spacing at the start of lines",
        ],
    },
    Part {
        names: &["tab", "size", "indentation"],
        descriptions: &[
            "how many spaces a tab is",
            "spaces versus tabs",
            "indent width of 2 or 4",
            "the Spaces: 4 label in the status bar",
            "width of one level of indentation",
        ],
    },
    Part {
        names: &["linked", "editing"],
        descriptions: &[
            "renaming the opening html tag changes the closing one",
            "matching tags edited at the same time",
            "paired html tags updated together",
            "mirror editing of start and end tags",
        ],
    },
    Part {
        names: &["drag", "drop"],
        descriptions: &[
            "moving selected text with the mouse",
            "dragging code to another spot",
            "selection moves when I click and drag",
            "pulling text around with the pointer",
        ],
    },
    Part {
        names: &["multi", "cursor", "modifier"],
        descriptions: &[
            "several blinking cursors at once",
            "typing in many places at the same time",
            "alt click to add another caret",
            "extra cursors on multiple lines",
            "ctrl click adding cursors",
        ],
    },
    Part {
        names: &["column", "selection"],
        descriptions: &[
            "box selection with the mouse",
            "rectangular block select",
            "selecting a vertical column of text",
            "shift alt drag to select a rectangle",
        ],
    },
    Part {
        names: &["find", "widget"],
        descriptions: &[
            "search box at the top right of the editor",
            "ctrl f box inside the file",
            "little find and replace bar over the code",
            "search field that pops over the text",
        ],
    },
    // Area: explorer and search
    Part {
        names: &["search"],
        descriptions: &[
            "find across all files",
            "magnifying glass view for searching the project",
            "results list for text in every file",
            "global search and replace pane",
        ],
    },
    Part {
        names: &["search", "exclude"],
        descriptions: &[
            "folders skipped when searching",
            "node_modules showing up in search results",
            "patterns left out of project search",
            "ignored paths for find in files",
        ],
    },
    Part {
        names: &["files", "exclude"],
        descriptions: &[
            "hidden files and folders in the explorer",
            ".git folder not showing in the file tree",
            "files that don't appear in the file list",
            "patterns hidden from the tree",
        ],
    },
    Part {
        names: &["explorer", "reveal"],
        descriptions: &[
            "file tree jumping to the open file",
            "explorer scrolling to highlight the current file",
            "tree keeps expanding to follow the editor",
            "selected file in the list follows the active tab",
        ],
    },
    Part {
        names: &["compact", "folders"],
        descriptions: &[
            "nested single folders shown on one line",
            "folder names joined with slashes in the tree",
            "src/main/java collapsed into one row",
            "empty middle folders merged together",
        ],
    },
    Part {
        names: &["confirm", "delete", "drag"],
        descriptions: &[
            "are you sure dialog when deleting files",
            "prompt before moving a file to the trash",
            "question when dragging files between folders",
            "popup asking before a file is moved or removed",
        ],
    },
    Part {
        names: &["open", "editors"],
        descriptions: &[
            "list of tabs at the top of the explorer",
            "section showing every tab as a list",
            "files I have up, listed above the folder tree",
            "running list of everything currently showing",
            "extra file list that duplicates the tabs",
        ],
    },
    Part {
        names: &["nesting"],
        descriptions: &[
            "related files grouped under a parent file",
            "package-lock tucked under package.json",
            "files collapsed beneath another in the tree",
            "child files hidden under the main file",
        ],
    },
    Part {
        names: &["timeline"],
        descriptions: &[
            "history of a file at the bottom of the explorer",
            "list of past saves and commits for the file",
            "file history view in the side bar",
            "dated entries for each change to a file",
        ],
    },
    // Area: source control
    Part {
        names: &["scm", "source", "control"],
        descriptions: &[
            "git pane with the list of changed files",
            "branch icon view for commits",
            "place to stage and write commit messages",
            "list of modified files with U and M letters",
        ],
    },
    Part {
        names: &["diff", "decorations", "gutter"],
        descriptions: &[
            "coloured bars next to line numbers for changes",
            "green and red marks in the margin",
            "blue stripe beside modified lines",
            "little triangles where lines were deleted",
            "git change indicators on the left",
        ],
    },
    Part {
        names: &["side", "inline", "diff"],
        descriptions: &[
            "two panes comparing old and new",
            "changes shown in one column instead of two",
            "comparison view with left and right halves",
            "unified view of changes",
            "red and green lines showing what changed",
        ],
    },
    Part {
        names: &["blame"],
        descriptions: &[
            "who changed this line and when",
            "author name in grey at the end of the line",
            "commit info beside the current line",
            "last author of the line in the status bar",
        ],
    },
    Part {
        names: &["autofetch", "fetch"],
        descriptions: &[
            "git checking the remote in the background",
            "periodically getting info about new commits",
            "background refresh of branches from the server",
            "periodic fetch every few minutes",
        ],
    },
    Part {
        names: &["smart", "commit"],
        descriptions: &[
            "committing everything when nothing is staged",
            "commit without staging first",
            "all changes included automatically in a commit",
            "question about staging all changes before committing",
        ],
    },
    Part {
        names: &["merge", "editor"],
        descriptions: &[
            "three way view for resolving conflicts",
            "incoming and current side by side with result below",
            "screen for fixing merge conflicts",
            "conflict resolver with checkboxes",
        ],
    },
    Part {
        names: &["branch", "checkout", "sync"],
        descriptions: &[
            "branch name at the bottom left",
            "current git line of work shown in the corner",
            "circular arrows with commit counts at the bottom",
            "fork icon with main in the bottom bar",
            "up and down arrows for pushing and pulling",
        ],
    },
    // Area: terminal
    Part {
        names: &["terminal"],
        descriptions: &[
            "command line inside the editor",
            "shell at the bottom of the window",
            "console for running commands like npm",
            "built in command prompt",
            "bash or powershell window in the app",
        ],
    },
    Part {
        names: &["bell", "visual"],
        descriptions: &[
            "beep sound from the command line",
            "flashing bell icon on the terminal tab",
            "alert noise when the shell rings",
            "shell flashing when something needs attention",
        ],
    },
    Part {
        names: &["terminal", "cursor", "style"],
        descriptions: &[
            "block in the shell where I type",
            "blinking box in the command line",
            "caret shape in the console",
            "underline or bar cursor in the shell",
        ],
    },
    Part {
        names: &["scrollback"],
        descriptions: &[
            "how much output the shell keeps",
            "old terminal lines disappearing",
            "history of command output you can scroll up",
            "lines of output kept in the console buffer",
        ],
    },
    Part {
        names: &["shell", "integration", "decorations"],
        descriptions: &[
            "coloured circles next to each command",
            "blue and red dots in the terminal margin",
            "markers showing if a command failed",
            "little circles left of the prompt",
            "bar alongside a command's output",
        ],
    },
    Part {
        names: &["terminal", "tabs"],
        descriptions: &[
            "list of shells on the right of the terminal",
            "several terminals with icons beside the panel",
            "tabs for each open console",
            "switching between multiple shells",
        ],
    },
    // Area: debugging
    Part {
        names: &["debug", "tool", "toolbar"],
        descriptions: &[
            "floating bar with play and stop buttons",
            "little control strip at the top while debugging",
            "step over and continue buttons",
            "movable bar of debug arrows",
            "bar covering the tabs when debugging",
        ],
    },
    Part {
        names: &["breakpoints", "breakpoint"],
        descriptions: &[
            "red dots next to line numbers",
            "circles where the program pauses",
            "stop markers in the margin",
            "list of places the code will halt",
        ],
    },
    Part {
        names: &["inline", "values"],
        descriptions: &[
            "variable contents shown next to the code while debugging",
            "grey numbers at the end of lines when paused",
            "what each variable holds printed beside it",
            "live data written into the editor while stopped",
        ],
    },
    Part {
        names: &["console", "repl"],
        descriptions: &[
            "output window for the debugger",
            "place to evaluate expressions while paused",
            "debug log at the bottom",
            "prompt for typing expressions during a session",
        ],
    },
    // Area: files, workspace and updates
    Part {
        names: &["trust", "untrusted"],
        descriptions: &[
            "do you trust the authors prompt",
            "restricted mode for unknown folders",
            "safety question when opening a folder",
            "banner saying restricted mode",
            "shield about trusting a workspace",
        ],
    },
    Part {
        names: &["telemetry"],
        descriptions: &[
            "usage data sent to Microsoft",
            "crash reports and tracking",
            "data collection about how I use the app",
            "diagnostic info phoning home",
        ],
    },
    Part {
        names: &["auto", "save"],
        descriptions: &[
            "files saving themselves",
            "changes written without pressing save",
            "save after a delay or when switching windows",
            "no more unsaved dots on tabs",
        ],
    },
    Part {
        names: &["update", "mode"],
        descriptions: &[
            "new versions installing by themselves",
            "update checks and downloads",
            "restart to update message",
            "keeping the app current",
            "what's new page after an upgrade",
        ],
    },
    // Area: accessibility
    Part {
        names: &["screen", "reader", "accessibility"],
        descriptions: &[
            "support for tools that read the screen aloud",
            "optimized mode for blind users",
            "narrator or NVDA reading the code",
            "braille and assistive technology support",
        ],
    },
    Part {
        names: &["reduce", "motion"],
        descriptions: &[
            "fewer animations in the interface",
            "no sliding or fading effects",
            "calmer interface without movement",
            "things popping in without transitions",
        ],
    },
    Part {
        names: &["signals", "sound", "accessibility"],
        descriptions: &[
            "sounds when a line has an error",
            "beeps and chimes from the editor",
            "audio cues for breakpoints and warnings",
            "noises when saving or when a task finishes",
            "spoken announcements of events",
        ],
    },
    // Area: appearance
    Part {
        names: &["color", "theme"],
        descriptions: &[
            "dark or light look of the whole app",
            "colour scheme of the editor",
            "black background and text colours",
            "the overall colours like dracula or monokai",
            "high contrast look with strong borders",
        ],
    },
    Part {
        names: &["icon", "theme", "icons"],
        descriptions: &[
            "little pictures next to file names",
            "icons in the file tree",
            "file type symbols in the explorer",
            "logos beside each file",
        ],
    },
    // Area: settings and shortcuts
    Part {
        names: &["keybindings", "keyboard", "shortcuts"],
        descriptions: &[
            "list of hotkeys",
            "key combos for actions",
            "table of key bindings to change",
            "ctrl key combinations for commands",
            "which keys do what",
        ],
    },
    Part {
        names: &["settings", "json", "editor"],
        descriptions: &[
            "preferences screen with a search box",
            "the settings.json file",
            "graphical settings page versus the text file",
            "options page with checkboxes and dropdowns",
            "raw text file of my preferences",
        ],
    },
];
