//! Attribute order and spelling.
//!
//! LLVM keeps every attribute set sorted: keyword attributes by their
//! `Attribute::AttrKind` number, then string attributes by key and value.
//! The kind numbers of LLVM 19 come from TableGen, which orders enum
//! attributes, type attributes, integer attributes, constant-range and
//! constant-range-list attributes, each group alphabetically by record name
//! (so `sanitize_address` sorts by `SanitizeAddress`). [`KIND_ORDER`] is
//! that order, checked against `opt-19`. Keywords LLVM 19 does not know
//! (newer attributes) sort after the known ones, keeping their input order.

use crate::attrs::Attr;

/// LLVM 19's attribute keywords in `AttrKind` order.
const KIND_ORDER: &[&str] = &[
    // Enum attributes.
    "allocalign",
    "allocptr",
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "coro_only_destroy_when_complete",
    "dead_on_unwind",
    "disable_sanitizer_instrumentation",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inreg",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocapture",
    "nocf_check",
    "noduplicate",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "nonlazybind",
    "nonnull",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optdebug",
    "optsize",
    "optnone",
    "presplitcoroutine",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "signext",
    "safestack",
    "sanitize_address",
    "sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_memory",
    "sanitize_numerical_stability",
    "sanitize_thread",
    "shadowcallstack",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
    // Type attributes.
    "byref",
    "byval",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
    // Integer attributes.
    "align",
    "allockind",
    "allocsize",
    "dereferenceable",
    "dereferenceable_or_null",
    "memory",
    "nofpclass",
    "alignstack",
    "uwtable",
    "vscale_range",
    // Constant-range (list) attributes.
    "range",
    "initializes",
];

/// Sort key of an attribute: (class, kind rank). Strings sort by their text
/// separately.
fn rank(a: &Attr) -> (u8, usize) {
    match a {
        Attr::Str(..) => (2, 0),
        _ => match KIND_ORDER.iter().position(|k| *k == a.name()) {
            Some(i) => (0, i),
            None => (1, 0),
        },
    }
}

fn str_parts(a: &Attr) -> (&[u8], &[u8]) {
    match a {
        Attr::Str(k, v) => (k.as_bytes(), v.as_deref().unwrap_or("").as_bytes()),
        _ => (&[], &[]),
    }
}

/// The attributes of a set in LLVM's order. When an attribute occurs more
/// than once (same keyword or string key), the last one wins, as in LLVM's
/// `AttrBuilder`.
pub(super) fn canonical(attrs: &[Attr]) -> Vec<&Attr> {
    let mut v: Vec<&Attr> = Vec::with_capacity(attrs.len());
    for a in attrs {
        let key_eq = |b: &&Attr| {
            matches!(b, Attr::Str(..)) == matches!(a, Attr::Str(..)) && b.name() == a.name()
        };
        if let Some(p) = v.iter().position(key_eq) {
            v[p] = a;
        } else {
            v.push(a);
        }
    }
    v.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then_with(|| str_parts(a).cmp(&str_parts(b)))
            .then_with(|| match (a, b) {
                (Attr::Int(_, x), Attr::Int(_, y)) => x.cmp(y),
                _ => std::cmp::Ordering::Equal,
            })
    });
    v
}

/// How an integer attribute is spelled: `align 8` / `align=8`,
/// `alignstack(8)` / `alignstack=8`, and `name(N)` otherwise.
pub(super) fn push_int_attr(out: &mut String, name: &str, v: u64, in_group: bool) {
    out.push_str(name);
    let eq_in_group = matches!(
        name,
        "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null"
    );
    if in_group && eq_in_group {
        out.push('=');
        super::text::push_u64(out, v);
    } else if name == "align" {
        out.push(' ');
        super::text::push_u64(out, v);
    } else {
        out.push('(');
        super::text::push_u64(out, v);
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_matches_llvm() {
        let attrs = vec![
            Attr::Str("b".into(), Some("1".into())),
            Attr::Str("a".into(), None),
            Attr::Str("a".into(), Some("0".into())),
            Attr::Flag("nounwind".into()),
            Attr::Int("alignstack".into(), 8),
            Attr::Raw("uwtable".into(), "sync".into()),
            Attr::Raw("memory".into(), "argmem: read".into()),
            Attr::Flag("noinline".into()),
            Attr::Flag("hot".into()),
            Attr::Flag("cold".into()),
            Attr::Raw("vscale_range".into(), "1,16".into()),
        ];
        let names: Vec<String> = canonical(&attrs)
            .iter()
            .map(|a| match a {
                Attr::Str(k, Some(v)) => format!("{k}={v}"),
                other => other.name().to_string(),
            })
            .collect();
        // opt-19: cold hot noinline nounwind memory(argmem: read) alignstack=8
        // uwtable(sync) vscale_range(1,16) "a"="0" "b"="1"
        assert_eq!(
            names,
            [
                "cold",
                "hot",
                "noinline",
                "nounwind",
                "memory",
                "alignstack",
                "uwtable",
                "vscale_range",
                "a=0",
                "b=1"
            ]
        );
    }
}
