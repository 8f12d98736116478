//! The template tags of a Solidus command body (`{{arguments}}`, `{{arg N}}`, `{{#if …}}…{{/if}}`)
//! and the pairing of block tags.
//!
//! Only the body is a template: argument values are inserted as text and never read as tags. A tag
//! that names nothing known here stays exactly as written, so `${{ secrets.TOKEN }}` survives.

/// A variable the template knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Var {
    /// `arguments` or `ARGUMENTS`: the arguments joined by one space.
    Arguments,
    /// `args`: the argument list, written joined by commas as Handlebars writes an array.
    Args,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    Var(Var),
    /// `{{arg N}}`, 1-based; 0 or a missing argument renders nothing.
    Arg(usize),
    /// `{{#if X}}` or, negated, `{{#unless X}}`.
    Open {
        negate: bool,
        cond: Var,
    },
    Else,
    Close {
        negate: bool,
    },
}

/// Reads the inside of `{{ … }}`; `None` for anything this template does not know.
pub(crate) fn parse_tag(inner: &str) -> Option<Tag> {
    let inner = inner.trim();
    let var = |name: &str| match name {
        "arguments" | "ARGUMENTS" => Some(Var::Arguments),
        "args" => Some(Var::Args),
        _ => None,
    };
    if let Some(v) = var(inner) {
        return Some(Tag::Var(v));
    }
    let mut words = inner.split_ascii_whitespace();
    let head = words.next()?;
    let operand = words.next();
    if words.next().is_some() {
        return None;
    }
    match (head, operand) {
        ("arg", Some(n)) if n.bytes().all(|b| b.is_ascii_digit()) => {
            Some(Tag::Arg(n.parse().unwrap_or(usize::MAX)))
        }
        ("#if", Some(x)) => var(x).map(|cond| Tag::Open {
            negate: false,
            cond,
        }),
        ("#unless", Some(x)) => var(x).map(|cond| Tag::Open { negate: true, cond }),
        ("else", None) => Some(Tag::Else),
        ("/if", None) => Some(Tag::Close { negate: false }),
        ("/unless", None) => Some(Tag::Close { negate: true }),
        _ => None,
    }
}

/// What a token does in the flow of a template once blocks are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Plain token, or a block tag with no partner (written out as text).
    Plain,
    Open {
        else_at: Option<usize>,
        close_at: usize,
    },
    /// Reached only at the end of a taken `then` branch: jump past the close.
    Else {
        close_at: usize,
    },
    Close,
}

/// Pairs block tags with a stack so rendering can run as one loop with jumps, whatever the nesting.
/// `tags[i]` is the tag at token `i`, if that token is a tag.
pub(crate) fn pair_blocks(tags: &[Option<Tag>]) -> Vec<Role> {
    let mut roles = vec![Role::Plain; tags.len()];
    // (open index, negate, else index)
    let mut stack: Vec<(usize, bool, Option<usize>)> = Vec::new();
    for (i, tag) in tags.iter().enumerate() {
        match tag {
            Some(Tag::Open { negate, .. }) => stack.push((i, *negate, None)),
            Some(Tag::Else) => {
                if let Some(top) = stack.last_mut() {
                    if top.2.is_none() {
                        top.2 = Some(i);
                    }
                }
            }
            Some(Tag::Close { negate }) => {
                if let Some(&(open, open_negate, else_at)) = stack.last() {
                    if open_negate == *negate {
                        stack.pop();
                        roles[open] = Role::Open {
                            else_at,
                            close_at: i,
                        };
                        if let Some(e) = else_at {
                            roles[e] = Role::Else { close_at: i };
                        }
                        roles[i] = Role::Close;
                    }
                }
            }
            _ => {}
        }
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_known_or_left_alone() {
        assert_eq!(parse_tag(" arguments "), Some(Tag::Var(Var::Arguments)));
        assert_eq!(parse_tag("arg 2"), Some(Tag::Arg(2)));
        assert_eq!(
            parse_tag("#if ARGUMENTS"),
            Some(Tag::Open {
                negate: false,
                cond: Var::Arguments
            })
        );
        for unknown in [
            "secrets.TOKEN",
            "arg",
            "arg x",
            "#if x",
            "#each args",
            "else x",
            "",
        ] {
            assert_eq!(parse_tag(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn unpaired_block_tags_stay_plain() {
        let open = Some(Tag::Open {
            negate: false,
            cond: Var::Args,
        });
        let close = Some(Tag::Close { negate: false });
        let roles = pair_blocks(&[
            open,
            open,
            Some(Tag::Else),
            close,
            Some(Tag::Close { negate: true }),
        ]);
        assert_eq!(roles[0], Role::Plain);
        assert_eq!(
            roles[1],
            Role::Open {
                else_at: Some(2),
                close_at: 3
            }
        );
        assert_eq!(roles[4], Role::Plain);
    }
}
