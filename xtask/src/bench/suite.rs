//! The kernel suite: discovery and selection of `bench/kernels/*.c`.
//!
//! A kernel is one C file; its name is the file stem, its category the
//! part of the name before the first `_` (`ew`, `red`, `nest`, ...), and
//! its description the first line of the file, which must be a `//`
//! comment. `common.h` and other non-`.c` files are not kernels.

use anyhow::{ensure, Context, Result};
use regex_lite::Regex;
use std::path::{Path, PathBuf};

/// One kernel program.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// File stem, e.g. `ew_add_i8`.
    pub name: String,
    /// Name prefix before the first `_`, e.g. `ew`.
    pub category: String,
    /// First line of the file without the `//`.
    pub description: String,
    /// Path of the `.c` file.
    pub source: PathBuf,
}

/// All kernels in `dir`, sorted by name.
pub fn discover(dir: &Path) -> Result<Vec<Kernel>> {
    let mut kernels = Vec::new();
    let entries = std::fs::read_dir(dir).with_context(|| format!("read {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("c") {
            continue;
        }
        let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
            continue;
        };
        let text =
            std::fs::read_to_string(&path).with_context(|| format!("read {}", path.display()))?;
        kernels.push(from_source(name, &text, path)?);
    }
    kernels.sort_by(|a, b| a.name.cmp(&b.name));
    ensure!(!kernels.is_empty(), "no kernels (*.c) in {}", dir.display());
    Ok(kernels)
}

fn from_source(name: String, text: &str, source: PathBuf) -> Result<Kernel> {
    let first = text.lines().next().unwrap_or("");
    let description = first
        .strip_prefix("//")
        .map(|d| d.trim().to_owned())
        .with_context(|| {
            format!(
                "{}: the first line must be a `// description` comment",
                source.display()
            )
        })?;
    let category = name.split('_').next().unwrap_or(&name).to_owned();
    Ok(Kernel {
        name,
        category,
        description,
        source,
    })
}

/// The kernels to run: those whose name matches `filter` (an unanchored
/// search); with `quick` and no filter, the first of each category.
pub fn select(all: &[Kernel], filter: Option<&Regex>, quick: bool) -> Vec<Kernel> {
    let mut chosen: Vec<Kernel> = Vec::new();
    for k in all {
        if filter.is_some_and(|re| !re.is_match(&k.name)) {
            continue;
        }
        if quick && filter.is_none() && chosen.iter().any(|c| c.category == k.category) {
            continue;
        }
        chosen.push(k.clone());
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(name: &str) -> Kernel {
        from_source(name.to_owned(), "// d\n", PathBuf::from(name)).unwrap()
    }

    #[test]
    fn description_and_category_come_from_the_file() {
        let k = from_source(
            "red_sum_f32".to_owned(),
            "// Reduction: a sum.\n#include \"common.h\"\n",
            PathBuf::from("red_sum_f32.c"),
        )
        .unwrap();
        assert_eq!(k.description, "Reduction: a sum.");
        assert_eq!(k.category, "red");
        assert!(from_source("x".to_owned(), "#include <a.h>\n", PathBuf::new()).is_err());
    }

    #[test]
    fn quick_takes_one_per_category_and_filter_searches() {
        let all = [k("ew_a"), k("ew_b"), k("red_a"), k("red_b"), k("nest_x")];
        let names = |v: Vec<Kernel>| v.into_iter().map(|k| k.name).collect::<Vec<_>>();
        assert_eq!(names(select(&all, None, true)), ["ew_a", "red_a", "nest_x"]);
        let re = Regex::new("_b$").unwrap();
        assert_eq!(names(select(&all, Some(&re), false)), ["ew_b", "red_b"]);
        assert_eq!(names(select(&all, Some(&re), true)), ["ew_b", "red_b"]);
        let re = Regex::new("^ew_").unwrap();
        assert_eq!(names(select(&all, Some(&re), true)), ["ew_a", "ew_b"]);
        assert_eq!(select(&all, None, false).len(), 5);
    }

    #[test]
    fn the_shipped_suite_is_well_formed() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/kernels");
        let all = discover(&dir).unwrap();
        assert!(all.len() >= 60, "only {} kernels", all.len());
        for k in &all {
            let text = std::fs::read_to_string(&k.source).unwrap();
            assert!(text.contains("#include \"common.h\""), "{}", k.name);
            assert!(text.contains("KERNEL "), "{}: no KERNEL function", k.name);
            assert!(
                text.contains(" kernel("),
                "{}: the timed function must be `kernel`",
                k.name
            );
            assert!(
                text.contains("print_int(") || text.contains("print_fp("),
                "{}",
                k.name
            );
            assert!(!text.contains("-fno-unroll-loops"), "{}", k.name);
        }
    }
}
