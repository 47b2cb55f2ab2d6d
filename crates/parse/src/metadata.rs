//! Metadata: `!N = ...` definitions, named metadata, inline nodes,
//! specialized `!DI*` nodes, attachments and metadata operands.

use crate::lexer::{unescape, Tok};
use crate::parser::{PErr, PResult, Parser};
use loopwright_ir::metadata::MdName;
use loopwright_ir::{
    Md, MdBody, MdField, MdFieldValue, MdKind, MdNode, MdNodeData, NamedMd, Operand, TypeTable,
};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::OnceLock;

/// The specialized node kinds LLVM 19 knows.
const SPECIALIZED: &[&str] = &[
    "DILocation",
    "DIExpression",
    "DIGlobalVariableExpression",
    "GenericDINode",
    "DISubrange",
    "DIGenericSubrange",
    "DIEnumerator",
    "DIBasicType",
    "DIStringType",
    "DIDerivedType",
    "DICompositeType",
    "DISubroutineType",
    "DIFile",
    "DICompileUnit",
    "DISubprogram",
    "DILexicalBlock",
    "DILexicalBlockFile",
    "DICommonBlock",
    "DINamespace",
    "DIModule",
    "DITemplateTypeParameter",
    "DITemplateValueParameter",
    "DIGlobalVariable",
    "DILocalVariable",
    "DILabel",
    "DIObjCProperty",
    "DIImportedEntity",
    "DIAssignID",
    "DIMacro",
    "DIMacroFile",
    "DIArgList",
];

/// How a specialized node's field is checked (LLVM's `MDUnsignedField`
/// limits and `REQUIRED` fields).
#[derive(Copy, Clone)]
enum FieldRule {
    /// Any value.
    Any,
    /// Any value; the field must be present.
    Required,
    /// An unsigned integer up to the limit.
    Unsigned(u64),
    /// A required unsigned integer up to the limit.
    RequiredUnsigned(u64),
}

const U16: u64 = u16::MAX as u64;
const U32: u64 = u32::MAX as u64;

/// The complete field lists of the kinds checked strictly: an unknown
/// field is an error, as in LLVM. Other kinds are only checked by
/// [`COMMON_FIELD_RULES`].
const KIND_FIELDS: &[(&str, &[(&str, FieldRule)])] = &[
    (
        "DILocation",
        &[
            ("line", FieldRule::Unsigned(U32)),
            ("column", FieldRule::Unsigned(U16)),
            ("scope", FieldRule::Required),
            ("inlinedAt", FieldRule::Any),
            ("isImplicitCode", FieldRule::Any),
        ],
    ),
    (
        "DIFile",
        &[
            ("filename", FieldRule::Required),
            ("directory", FieldRule::Required),
            ("checksumkind", FieldRule::Any),
            ("checksum", FieldRule::Any),
            ("source", FieldRule::Any),
        ],
    ),
    (
        "DILexicalBlock",
        &[
            ("scope", FieldRule::Required),
            ("file", FieldRule::Any),
            ("line", FieldRule::Unsigned(U32)),
            ("column", FieldRule::Unsigned(U16)),
        ],
    ),
    (
        "DILexicalBlockFile",
        &[
            ("scope", FieldRule::Required),
            ("file", FieldRule::Any),
            ("discriminator", FieldRule::RequiredUnsigned(U32)),
        ],
    ),
    (
        "DIEnumerator",
        &[
            ("name", FieldRule::Required),
            ("value", FieldRule::Required),
            ("isUnsigned", FieldRule::Any),
        ],
    ),
];

/// Fields with the same rule in every kind that has them.
const COMMON_FIELD_RULES: &[(&str, FieldRule)] = &[
    ("line", FieldRule::Unsigned(U32)),
    ("align", FieldRule::Unsigned(U32)),
];

/// The field names of LLVM 19's specialized nodes: parsed field names
/// found here are stored without allocating (others are still accepted).
const FIELD_NAMES: &[&str] = &[
    "line",
    "column",
    "scope",
    "inlinedAt",
    "isImplicitCode",
    "tag",
    "header",
    "operands",
    "count",
    "lowerBound",
    "upperBound",
    "stride",
    "name",
    "value",
    "isUnsigned",
    "size",
    "align",
    "encoding",
    "flags",
    "stringLength",
    "stringLengthExpression",
    "stringLocationExpression",
    "file",
    "baseType",
    "offset",
    "extraData",
    "dwarfAddressSpace",
    "annotations",
    "ptrAuthKey",
    "ptrAuthIsAddressDiscriminated",
    "ptrAuthExtraDiscriminator",
    "ptrAuthIsaPointer",
    "ptrAuthAuthenticatesNullValues",
    "elements",
    "runtimeLang",
    "vtableHolder",
    "templateParams",
    "identifier",
    "discriminator",
    "dataLocation",
    "associated",
    "allocated",
    "rank",
    "cc",
    "types",
    "filename",
    "directory",
    "checksumkind",
    "checksum",
    "source",
    "language",
    "producer",
    "isOptimized",
    "runtimeVersion",
    "splitDebugFilename",
    "emissionKind",
    "enums",
    "retainedTypes",
    "globals",
    "imports",
    "macros",
    "dwoId",
    "splitDebugInlining",
    "debugInfoForProfiling",
    "nameTableKind",
    "rangesBaseAddress",
    "sysroot",
    "sdk",
    "linkageName",
    "type",
    "isLocal",
    "isDefinition",
    "scopeLine",
    "containingType",
    "spFlags",
    "virtuality",
    "virtualIndex",
    "thisAdjustment",
    "unit",
    "declaration",
    "retainedNodes",
    "thrownTypes",
    "targetFuncName",
    "exportSymbols",
    "configMacros",
    "includePath",
    "apinotes",
    "isDecl",
    "defaulted",
    "arg",
    "var",
    "expr",
    "setter",
    "getter",
    "attributes",
    "entity",
    "nodes",
];

/// Keywords that appear as field values or `DIExpression` operands
/// (`DW_TAG_*`, `DW_ATE_*`, `DW_LANG_*`, `DW_OP_*`, `DW_CC_*`, checksum,
/// emission and name-table kinds, `DIFlag*`, `DISPFlag*`): stored without
/// allocating (others are still accepted).
const KEYWORDS: &[&str] = &[
    "DW_TAG_array_type",
    "DW_TAG_class_type",
    "DW_TAG_entry_point",
    "DW_TAG_enumeration_type",
    "DW_TAG_formal_parameter",
    "DW_TAG_imported_declaration",
    "DW_TAG_label",
    "DW_TAG_lexical_block",
    "DW_TAG_member",
    "DW_TAG_pointer_type",
    "DW_TAG_reference_type",
    "DW_TAG_compile_unit",
    "DW_TAG_string_type",
    "DW_TAG_structure_type",
    "DW_TAG_subroutine_type",
    "DW_TAG_typedef",
    "DW_TAG_union_type",
    "DW_TAG_unspecified_parameters",
    "DW_TAG_variant",
    "DW_TAG_common_block",
    "DW_TAG_common_inclusion",
    "DW_TAG_inheritance",
    "DW_TAG_inlined_subroutine",
    "DW_TAG_module",
    "DW_TAG_ptr_to_member_type",
    "DW_TAG_set_type",
    "DW_TAG_subrange_type",
    "DW_TAG_with_stmt",
    "DW_TAG_access_declaration",
    "DW_TAG_base_type",
    "DW_TAG_catch_block",
    "DW_TAG_const_type",
    "DW_TAG_constant",
    "DW_TAG_enumerator",
    "DW_TAG_file_type",
    "DW_TAG_friend",
    "DW_TAG_namelist",
    "DW_TAG_namelist_item",
    "DW_TAG_packed_type",
    "DW_TAG_subprogram",
    "DW_TAG_template_type_parameter",
    "DW_TAG_template_value_parameter",
    "DW_TAG_thrown_type",
    "DW_TAG_try_block",
    "DW_TAG_variant_part",
    "DW_TAG_variable",
    "DW_TAG_volatile_type",
    "DW_TAG_dwarf_procedure",
    "DW_TAG_restrict_type",
    "DW_TAG_interface_type",
    "DW_TAG_namespace",
    "DW_TAG_imported_module",
    "DW_TAG_unspecified_type",
    "DW_TAG_partial_unit",
    "DW_TAG_imported_unit",
    "DW_TAG_condition",
    "DW_TAG_shared_type",
    "DW_TAG_type_unit",
    "DW_TAG_rvalue_reference_type",
    "DW_TAG_template_alias",
    "DW_TAG_coarray_type",
    "DW_TAG_generic_subrange",
    "DW_TAG_dynamic_type",
    "DW_TAG_atomic_type",
    "DW_TAG_call_site",
    "DW_TAG_call_site_parameter",
    "DW_TAG_skeleton_unit",
    "DW_TAG_immutable_type",
    "DW_TAG_GNU_template_template_param",
    "DW_TAG_GNU_template_parameter_pack",
    "DW_TAG_GNU_formal_parameter_pack",
    "DW_TAG_APPLE_property",
    "DW_TAG_LLVM_ptrauth_type",
    "DW_ATE_address",
    "DW_ATE_boolean",
    "DW_ATE_complex_float",
    "DW_ATE_float",
    "DW_ATE_signed",
    "DW_ATE_signed_char",
    "DW_ATE_unsigned",
    "DW_ATE_unsigned_char",
    "DW_ATE_imaginary_float",
    "DW_ATE_packed_decimal",
    "DW_ATE_numeric_string",
    "DW_ATE_edited",
    "DW_ATE_signed_fixed",
    "DW_ATE_unsigned_fixed",
    "DW_ATE_decimal_float",
    "DW_ATE_UTF",
    "DW_ATE_UCS",
    "DW_ATE_ASCII",
    "DW_LANG_C89",
    "DW_LANG_C",
    "DW_LANG_Ada83",
    "DW_LANG_C_plus_plus",
    "DW_LANG_Cobol74",
    "DW_LANG_Cobol85",
    "DW_LANG_Fortran77",
    "DW_LANG_Fortran90",
    "DW_LANG_Pascal83",
    "DW_LANG_Modula2",
    "DW_LANG_Java",
    "DW_LANG_C99",
    "DW_LANG_Ada95",
    "DW_LANG_Fortran95",
    "DW_LANG_PLI",
    "DW_LANG_ObjC",
    "DW_LANG_ObjC_plus_plus",
    "DW_LANG_UPC",
    "DW_LANG_D",
    "DW_LANG_Python",
    "DW_LANG_OpenCL",
    "DW_LANG_Go",
    "DW_LANG_Modula3",
    "DW_LANG_Haskell",
    "DW_LANG_C_plus_plus_03",
    "DW_LANG_C_plus_plus_11",
    "DW_LANG_OCaml",
    "DW_LANG_Rust",
    "DW_LANG_C11",
    "DW_LANG_Swift",
    "DW_LANG_Julia",
    "DW_LANG_Dylan",
    "DW_LANG_C_plus_plus_14",
    "DW_LANG_Fortran03",
    "DW_LANG_Fortran08",
    "DW_LANG_RenderScript",
    "DW_LANG_BLISS",
    "DW_LANG_Kotlin",
    "DW_LANG_Zig",
    "DW_LANG_Crystal",
    "DW_LANG_C_plus_plus_17",
    "DW_LANG_C_plus_plus_20",
    "DW_LANG_C17",
    "DW_LANG_Fortran18",
    "DW_LANG_Ada2005",
    "DW_LANG_Ada2012",
    "DW_LANG_HIP",
    "DW_LANG_Assembly",
    "DW_LANG_C_sharp",
    "DW_LANG_Mojo",
    "DW_LANG_GLSL",
    "DW_LANG_GLSL_ES",
    "DW_LANG_HLSL",
    "DW_LANG_OpenCL_CPP",
    "DW_LANG_CPP_for_OpenCL",
    "DW_LANG_SYCL",
    "DW_LANG_Ruby",
    "DW_LANG_Move",
    "DW_LANG_Hylo",
    "DW_LANG_Mips_Assembler",
    "DW_LANG_GOOGLE_RenderScript",
    "DW_LANG_BORLAND_Delphi",
    "DW_OP_deref",
    "DW_OP_plus_uconst",
    "DW_OP_constu",
    "DW_OP_consts",
    "DW_OP_minus",
    "DW_OP_plus",
    "DW_OP_mul",
    "DW_OP_div",
    "DW_OP_mod",
    "DW_OP_or",
    "DW_OP_and",
    "DW_OP_xor",
    "DW_OP_shl",
    "DW_OP_shr",
    "DW_OP_shra",
    "DW_OP_neg",
    "DW_OP_not",
    "DW_OP_abs",
    "DW_OP_stack_value",
    "DW_OP_swap",
    "DW_OP_xderef",
    "DW_OP_dup",
    "DW_OP_drop",
    "DW_OP_over",
    "DW_OP_pick",
    "DW_OP_rot",
    "DW_OP_eq",
    "DW_OP_ne",
    "DW_OP_gt",
    "DW_OP_ge",
    "DW_OP_lt",
    "DW_OP_le",
    "DW_OP_lit0",
    "DW_OP_lit1",
    "DW_OP_bregx",
    "DW_OP_regx",
    "DW_OP_fbreg",
    "DW_OP_deref_size",
    "DW_OP_xderef_size",
    "DW_OP_nop",
    "DW_OP_push_object_address",
    "DW_OP_call_frame_cfa",
    "DW_OP_implicit_value",
    "DW_OP_piece",
    "DW_OP_bit_piece",
    "DW_OP_entry_value",
    "DW_OP_convert",
    "DW_OP_reinterpret",
    "DW_OP_addrx",
    "DW_OP_constx",
    "DW_OP_const1u",
    "DW_OP_const1s",
    "DW_OP_const2u",
    "DW_OP_const2s",
    "DW_OP_const4u",
    "DW_OP_const4s",
    "DW_OP_const8u",
    "DW_OP_const8s",
    "DW_OP_breg0",
    "DW_OP_breg1",
    "DW_OP_breg2",
    "DW_OP_breg3",
    "DW_OP_breg4",
    "DW_OP_breg5",
    "DW_OP_breg6",
    "DW_OP_breg7",
    "DW_OP_LLVM_fragment",
    "DW_OP_LLVM_convert",
    "DW_OP_LLVM_tag_offset",
    "DW_OP_LLVM_entry_value",
    "DW_OP_LLVM_implicit_pointer",
    "DW_OP_LLVM_arg",
    "DW_OP_LLVM_extract_bits_sext",
    "DW_OP_LLVM_extract_bits_zext",
    "DW_CC_normal",
    "DW_CC_program",
    "DW_CC_nocall",
    "DW_CC_pass_by_reference",
    "DW_CC_pass_by_value",
    "DW_CC_LLVM_vectorcall",
    "DW_CC_LLVM_Win64",
    "DW_CC_LLVM_X86_64SysV",
    "DW_CC_LLVM_AAPCS",
    "DW_CC_LLVM_AAPCS_VFP",
    "DW_CC_LLVM_IntelOclBicc",
    "DW_CC_LLVM_SpirFunction",
    "DW_CC_LLVM_OpenCLKernel",
    "DW_CC_LLVM_Swift",
    "DW_CC_LLVM_PreserveMost",
    "DW_CC_LLVM_PreserveAll",
    "DW_CC_LLVM_X86RegCall",
    "DW_CC_LLVM_M68kRTD",
    "DW_CC_LLVM_PreserveNone",
    "DW_CC_LLVM_RISCVVectorCall",
    "DW_CC_GNU_renesas_sh",
    "DW_CC_GNU_borland_fastcall_i386",
    "DW_CC_BORLAND_safecall",
    "DW_CC_BORLAND_stdcall",
    "DW_CC_BORLAND_pascal",
    "DW_CC_BORLAND_msfastcall",
    "DW_CC_BORLAND_msreturn",
    "DW_CC_BORLAND_thiscall",
    "DW_CC_BORLAND_fastcall",
    "DW_VIRTUALITY_none",
    "DW_VIRTUALITY_virtual",
    "DW_VIRTUALITY_pure_virtual",
    "DW_MACINFO_define",
    "DW_MACINFO_undef",
    "DW_MACINFO_start_file",
    "DW_MACINFO_end_file",
    "CSK_MD5",
    "CSK_SHA1",
    "CSK_SHA256",
    "NoDebug",
    "FullDebug",
    "LineTablesOnly",
    "DebugDirectivesOnly",
    "Default",
    "GNU",
    "None",
    "Apple",
    "DIFlagZero",
    "DIFlagPrivate",
    "DIFlagProtected",
    "DIFlagPublic",
    "DIFlagFwdDecl",
    "DIFlagAppleBlock",
    "DIFlagReservedBit4",
    "DIFlagVirtual",
    "DIFlagArtificial",
    "DIFlagExplicit",
    "DIFlagPrototyped",
    "DIFlagObjcClassComplete",
    "DIFlagObjectPointer",
    "DIFlagVector",
    "DIFlagStaticMember",
    "DIFlagLValueReference",
    "DIFlagRValueReference",
    "DIFlagExportSymbols",
    "DIFlagSingleInheritance",
    "DIFlagMultipleInheritance",
    "DIFlagVirtualInheritance",
    "DIFlagIntroducedVirtual",
    "DIFlagBitField",
    "DIFlagNoReturn",
    "DIFlagTypePassByValue",
    "DIFlagTypePassByReference",
    "DIFlagEnumClass",
    "DIFlagThunk",
    "DIFlagNonTrivial",
    "DIFlagBigEndian",
    "DIFlagLittleEndian",
    "DIFlagAllCallsDescribed",
    "DIFlagIndirectVirtualBase",
    "DISPFlagZero",
    "DISPFlagVirtual",
    "DISPFlagPureVirtual",
    "DISPFlagLocalToUnit",
    "DISPFlagDefinition",
    "DISPFlagOptimized",
    "DISPFlagPure",
    "DISPFlagElemental",
    "DISPFlagRecursive",
    "DISPFlagMainSubprogram",
    "DISPFlagDeleted",
    "DISPFlagObjCDirect",
];

// Field ids index a `u128` set of the fields seen in a node.
const _: () = assert!(FIELD_NAMES.len() <= 128);

/// What parsing needs to know about one kind of [`SPECIALIZED`].
struct KindInfo {
    name: &'static &'static str,
    /// Operands without field names (`DIExpression`, `DIArgList`).
    positional: bool,
    /// The kind's complete field list in [`KIND_FIELDS`] (`None`: not
    /// checked strictly).
    schema: Option<&'static [(&'static str, FieldRule)]>,
    /// The rule of each field of [`FIELD_NAMES`], by id (`None`: an
    /// invalid field for the kind).
    rules: Box<[Option<FieldRule>]>,
    /// The fields the kind requires, by id.
    required: u128,
}

/// An index of a static list of distinct names: open addressing with
/// linear probing on a cheap hash of the length and three of the bytes
/// (names are short, and hashing all of their bytes with a general hasher
/// cost more than the rest of a lookup).
struct NameIndex {
    names: &'static [&'static str],
    /// `i + 1` for `names[i]`, 0 for an empty slot. A power of two at least
    /// twice as long as `names`, so that every probe reaches an empty slot.
    slots: Box<[u16]>,
    /// Shift of the hash product down to a slot number.
    shift: u32,
}

impl NameIndex {
    fn new(names: &'static [&'static str]) -> NameIndex {
        let len = (names.len() * 4).next_power_of_two().max(16);
        let shift = 64 - len.trailing_zeros();
        let mut slots = vec![0u16; len].into_boxed_slice();
        for (n, id) in names.iter().zip(1u16..) {
            let mut h = name_hash(n.as_bytes(), shift);
            while slots[h] != 0 {
                h = (h + 1) & (len - 1);
            }
            slots[h] = id;
        }
        NameIndex {
            names,
            slots,
            shift,
        }
    }

    /// The index of `name` in the list.
    fn get(&self, name: &[u8]) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut h = name_hash(name, self.shift);
        loop {
            let i = usize::from(self.slots.get(h)?.checked_sub(1)?);
            if self.names.get(i)?.as_bytes() == name {
                return Some(i);
            }
            h = (h + 1) & mask;
        }
    }
}

/// The slot of `name` in a [`NameIndex`] (`shift`: 64 minus the slot
/// bits).
fn name_hash(name: &[u8], shift: u32) -> usize {
    let len = name.len();
    let byte = |i: usize| u64::from(name.get(i).copied().unwrap_or(0));
    let key = len as u64 | byte(0) << 8 | byte(len / 2) << 16 | byte(len.wrapping_sub(1)) << 24;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

/// Lookup tables for [`SPECIALIZED`], [`FIELD_NAMES`] and [`KEYWORDS`].
struct Names {
    /// Indexes [`SPECIALIZED`] and `kind_info`.
    kinds: NameIndex,
    kind_info: Vec<KindInfo>,
    fields: NameIndex,
    keywords: NameIndex,
}

/// The id of `name` in [`FIELD_NAMES`], by a linear search (for building
/// the tables).
fn field_id_slow(name: &str) -> Option<u8> {
    FIELD_NAMES
        .iter()
        .zip(0u8..)
        .find(|(n, _)| **n == name)
        .map(|(_, i)| i)
}

fn kind_info(name: &'static &'static str) -> KindInfo {
    let schema = KIND_FIELDS.iter().find(|k| k.0 == *name).map(|k| k.1);
    let mut rules: Box<[Option<FieldRule>]> = match schema {
        Some(_) => vec![None; FIELD_NAMES.len()].into(),
        None => vec![Some(FieldRule::Any); FIELD_NAMES.len()].into(),
    };
    let mut required = 0u128;
    for &(field, rule) in schema.unwrap_or(COMMON_FIELD_RULES) {
        // Every name in the rule tables is a known field name.
        if let Some(id) = field_id_slow(field) {
            rules[usize::from(id)] = Some(rule);
            if matches!(rule, FieldRule::Required | FieldRule::RequiredUnsigned(_)) {
                required |= 1u128 << id;
            }
        }
    }
    KindInfo {
        name,
        positional: *name == "DIExpression" || *name == "DIArgList",
        schema,
        rules,
        required,
    }
}

fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| Names {
        kinds: NameIndex::new(SPECIALIZED),
        kind_info: SPECIALIZED.iter().map(kind_info).collect(),
        fields: NameIndex::new(FIELD_NAMES),
        keywords: NameIndex::new(KEYWORDS),
    })
}

impl Names {
    /// The kind named by the text of a `!name` token (`!` included).
    fn kind(&self, text: &[u8]) -> Option<&KindInfo> {
        let raw = text.get(1..).unwrap_or(&[]);
        // Listed names hold no backslash, so a listed raw name is its own
        // unescaping; only a name with a backslash needs unescaping.
        let i = match self.kinds.get(raw) {
            Some(i) => i,
            None if raw.contains(&b'\\') => self.kinds.get(&unescape(raw))?,
            None => return None,
        };
        self.kind_info.get(i)
    }

    /// A keyword as stored in a node: borrowed from [`KEYWORDS`] when
    /// listed. (Keywords are ASCII by construction.)
    fn keyword(&self, k: &[u8]) -> MdName {
        match self
            .keywords
            .get(k)
            .and_then(|i| self.keywords.names.get(i))
        {
            Some(s) => MdName::from_static(s),
            None => MdName::from(std::str::from_utf8(k).unwrap_or("")),
        }
    }
}

/// Whether keyword `k` is a debug info flag (`DIFlag*`, `DISPFlag*`).
fn is_flag(k: &[u8]) -> bool {
    k.starts_with(b"DIFlag") || k.starts_with(b"DISPFlag")
}

/// The value of the digits of a [`Tok::Int`] (`-?[0-9]+`) as a metadata
/// field stores it, or `None` if it is out of range (above `u64::MAX`, or
/// below `i64::MIN`).
fn md_int(text: &[u8]) -> Option<i128> {
    let (neg, digits) = crate::lexer::split_sign(text);
    // Up to 18 digits cannot overflow an u64, nor go below `i64::MIN`.
    if digits.len() <= 18 {
        let v = digits
            .iter()
            .fold(0u64, |v, &d| v * 10 + u64::from(d.wrapping_sub(b'0')));
        let v = i128::from(v);
        return Some(if neg { -v } else { v });
    }
    let mut v: i128 = 0;
    for &d in digits {
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(i128::from(d.wrapping_sub(b'0'))))
            .filter(|&v| v <= i128::from(u64::MAX))?;
    }
    if neg {
        v = -v;
        if v < i128::from(i64::MIN) {
            return None;
        }
    }
    Some(v)
}

impl Parser<'_> {
    /// Checks field `f` of a `!kind(...)` node against LLVM's rules
    /// (`rule` is its rule in the kind, `None` for an invalid field;
    /// `name_at` and `value_at` are the offsets of its name and value).
    /// Fields are checked in source order after the node is parsed; the
    /// first error wins.
    fn check_di_field(
        &self,
        rule: Option<FieldRule>,
        f: &MdField,
        name_at: usize,
        value_at: usize,
    ) -> PResult<()> {
        let Some(rule) = rule else {
            return self.err_at(name_at, format!("invalid field '{}'", f.name));
        };
        if let FieldRule::Unsigned(limit) | FieldRule::RequiredUnsigned(limit) = rule {
            match f.value {
                MdFieldValue::Int(v) if v >= 0 => {
                    if v > i128::from(limit) {
                        return self.err_at(
                            value_at,
                            format!("value for '{}' too large, limit is {limit}", f.name),
                        );
                    }
                }
                _ => return self.err_at(value_at, "expected unsigned integer"),
            }
        }
        Ok(())
    }

    /// Checks that the fields a kind requires are present (`seen`: the
    /// known fields present, by id; `close` is the offset of the closing
    /// parenthesis, where LLVM reports a missing field).
    fn check_di_required(&self, kind: &KindInfo, seen: u128, close: usize) -> PResult<()> {
        if kind.required & !seen == 0 {
            return Ok(());
        }
        // The first missing one in the kind's field order.
        for &(name, rule) in kind.schema.unwrap_or_default() {
            if matches!(rule, FieldRule::Required | FieldRule::RequiredUnsigned(_))
                && field_id_slow(name).is_some_and(|id| seen & (1u128 << id) == 0)
            {
                return self.err_at(close, format!("missing required field '{name}'"));
            }
        }
        Ok(())
    }

    /// Advances to the next token, as [`Parser::bump`] does, lexing the
    /// tokens specialized nodes are mostly made of on a shorter path.
    fn bump_md(&mut self) {
        let mut lex = self.lexer();
        match lex.next_md_field_token() {
            Some(tok) => self.set_lexer(lex, tok),
            None => self.bump(),
        }
    }

    /// The node for `!N`, creating a placeholder for a forward reference.
    fn md_node_for_id(&mut self, n: u32, at: usize) -> MdNode {
        if let Some(&node) = self.md_ids.get(&n) {
            return node;
        }
        let node = self.m.md.push(MdNodeData {
            distinct: false,
            body: MdBody::Tuple(Vec::new()),
        });
        self.md_ids.insert(n, node);
        self.md_fwd.insert(n, at);
        node
    }

    /// `!N = [distinct] !{...}` or `!N = [distinct] !DIxxx(...)`.
    pub(crate) fn parse_md_def(&mut self) -> PResult<()> {
        let Tok::MetadataId(n) = self.tok.kind else {
            return self.err("expected metadata id");
        };
        let at = self.tok.start;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        let distinct = self.eat_kw("distinct");
        let body = match self.tok.kind {
            Tok::Exclaim if self.peek().kind == Tok::LBrace => {
                self.bump();
                self.bump();
                MdBody::Tuple(self.parse_md_tuple_body()?)
            }
            Tok::MetadataVar => self.parse_specialized_body()?,
            _ => return self.err("expected metadata node"),
        };
        let node = match self.md_ids.get(&n) {
            Some(&node) => {
                if self.md_fwd.remove(&n).is_none() {
                    return self.err_at(at, "Metadata id is already used");
                }
                node
            }
            None => {
                let node = self.m.md.push(MdNodeData {
                    distinct,
                    body: MdBody::Tuple(Vec::new()),
                });
                self.md_ids.insert(n, node);
                node
            }
        };
        *self.m.md.node_mut(node) = MdNodeData { distinct, body };
        if let Some(map) = self.srcmap.as_mut() {
            map.note_md(node, at);
        }
        Ok(())
    }

    /// `!name = !{!0, !1, ...}`.
    pub(crate) fn parse_named_md(&mut self) -> PResult<()> {
        let at = self.tok.start;
        let name_b = self.tok.name(self.src).into_owned();
        let name = self.utf8(&name_b, at)?;
        self.bump();
        self.expect(Tok::Equal, "=")?;
        if !(self.tok.kind == Tok::Exclaim && self.peek().kind == Tok::LBrace) {
            return self.err("Expected '!' here");
        }
        self.bump();
        self.bump();
        let mut ops = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                let n = match self.tok.kind {
                    Tok::MetadataId(_) | Tok::MetadataVar => self.parse_md_node_ref()?,
                    _ => return self.err("Expected '!' here"),
                };
                ops.push(n);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "}")?;
        }
        if let Some(existing) = self.m.named_md.iter_mut().find(|n| n.name == name) {
            existing.ops.extend(ops);
        } else {
            self.m.named_md.push(NamedMd { name, ops });
        }
        Ok(())
    }

    /// `!kind !N` (at the kind token).
    pub(crate) fn parse_md_attachment(&mut self) -> PResult<(MdKind, MdNode)> {
        if self.tok.kind != Tok::MetadataVar {
            return self.err("expected metadata after comma");
        }
        let at = self.tok.start;
        // A few kinds (`!tbaa`, `!llvm.loop`, ...) are attached over and
        // over: each spelling is decoded and looked up once.
        let raw = self.text();
        let k = match self.md_kinds.get(raw) {
            Some(&k) => k,
            None => {
                let name_b = self.tok.name(self.src);
                let k = match std::str::from_utf8(&name_b) {
                    Ok(name) => self.m.md.kind(name),
                    Err(_) => {
                        return self.err_at(at, "name or string is not valid UTF-8 (not supported)")
                    }
                };
                self.md_kinds.insert(raw, k);
                k
            }
        };
        self.bump();
        let n = self.parse_md_node_ref()?;
        Ok((k, n))
    }

    /// A node: `!N`, `!{...}` or `!DIxxx(...)` (inline nodes are uniqued).
    pub(crate) fn parse_md_node_ref(&mut self) -> PResult<MdNode> {
        match self.tok.kind {
            Tok::MetadataId(n) => {
                // LLVM lexes `!` and the number separately and reports an
                // undefined node at the number.
                let at = self.tok.start + 1;
                self.bump();
                Ok(self.md_node_for_id(n, at))
            }
            Tok::Exclaim if self.peek().kind == Tok::LBrace => {
                self.bump();
                self.bump();
                let ops = self.parse_md_tuple_body()?;
                Ok(self.m.md.tuple(ops))
            }
            Tok::MetadataVar => {
                if self.tok.name(self.src).as_ref() == b"DIArgList" {
                    return self.err("!DIArgList cannot appear outside of a function");
                }
                let body = self.parse_specialized_body()?;
                Ok(self.m.md.uniqued(MdNodeData {
                    distinct: false,
                    body,
                }))
            }
            _ => self.err("expected metadata node"),
        }
    }

    /// Tuple operands after `!{`, through the closing `}`.
    fn parse_md_tuple_body(&mut self) -> PResult<Vec<Option<Md>>> {
        self.enter()?;
        let r = self.parse_md_tuple_body_inner();
        self.leave();
        r
    }

    fn parse_md_tuple_body_inner(&mut self) -> PResult<Vec<Option<Md>>> {
        let mut ops = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(ops);
        }
        loop {
            if self.eat_kw("null") {
                ops.push(None);
            } else {
                ops.push(Some(self.parse_md_operand()?));
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        if !self.eat(Tok::RBrace) {
            return self.err("expected end of metadata node");
        }
        Ok(ops)
    }

    /// A metadata operand inside a node: a node, a string, or a constant.
    fn parse_md_operand(&mut self) -> PResult<Md> {
        match self.tok.kind {
            Tok::MetadataString => {
                let s = self.tok.name(self.src);
                self.bump();
                Ok(Md::Str(self.m.md.string(&s)))
            }
            Tok::MetadataId(_) | Tok::Exclaim | Tok::MetadataVar => {
                Ok(Md::Node(self.parse_md_node_ref()?))
            }
            _ => {
                let ty = self.parse_type(false)?;
                if ty == TypeTable::METADATA || ty == TypeTable::LABEL {
                    return self.err("invalid metadata operand type");
                }
                if matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId(_)) {
                    return self.err("function-local values are not allowed in metadata nodes");
                }
                let c = self.parse_const(ty)?;
                Ok(Md::Const(c))
            }
        }
    }

    /// `!DIxxx(field: value, ...)` (at the `!DIxxx` token).
    fn parse_specialized_body(&mut self) -> PResult<MdBody> {
        self.enter()?;
        let r = self.parse_specialized_body_inner();
        self.leave();
        r
    }

    fn parse_specialized_body_inner(&mut self) -> PResult<MdBody> {
        let src = self.src;
        let names = names();
        let Some(kind) = names.kind(self.text()) else {
            return self.err("expected metadata type");
        };
        self.bump();
        if self.tok.kind != Tok::LParen {
            return self.err("expected '('");
        }
        self.bump_md();
        // Collected on the stack, so that the node's `Vec` is allocated
        // once, with the exact size (nesting is bounded by `enter`).
        let mut fields: SmallVec<[MdField; 16]> = SmallVec::new();
        // Known fields seen so far, by id in `FIELD_NAMES`.
        let mut seen: u128 = 0;
        // The first field that breaks a rule, reported once the node is
        // parsed (as LLVM checks the fields after parsing them all).
        let mut field_err: Option<PErr> = None;
        let mut close = self.tok.start;
        if !self.eat(Tok::RParen) {
            loop {
                if kind.positional {
                    let value = match self.tok.kind {
                        Tok::Keyword => {
                            let v = MdFieldValue::Ident(names.keyword(self.text()));
                            self.bump_md();
                            v
                        }
                        Tok::Int => MdFieldValue::Int(self.parse_md_int()?),
                        _ => return self.err("expected unsigned integer"),
                    };
                    fields.push(MdField {
                        name: MdName::from_static(&""),
                        value,
                    });
                } else {
                    let name_at = self.tok.start;
                    let name_b: Cow<'_, [u8]> = match self.tok.kind {
                        Tok::LabelStr => {
                            let t = self.text();
                            // `name:` is its own name but for the colon
                            // (as `Token::name` has it); only a quoted
                            // label needs unescaping.
                            let n = match t.split_last() {
                                Some((_, body)) if t.first() != Some(&b'"') => Cow::Borrowed(body),
                                _ => self.tok.name(src),
                            };
                            self.bump_md();
                            n
                        }
                        Tok::Keyword if self.peek().kind == Tok::Colon => {
                            let n = self.text();
                            self.bump();
                            self.bump();
                            Cow::Borrowed(n)
                        }
                        _ => return self.err("expected field label here"),
                    };
                    // Known names are ASCII, so none equals the lossy
                    // decoding of an unknown one: known names are checked
                    // for duplicates with `seen`, unknown ones by text.
                    let known = names.fields.get(&name_b).and_then(|id| {
                        let name = FIELD_NAMES.get(id)?;
                        Some((id, name))
                    });
                    let (name, rule) = match known {
                        Some((id, name)) => {
                            let bit = 1u128 << id;
                            if seen & bit != 0 {
                                return self.err_at(
                                    name_at,
                                    format!("field '{name}' cannot be specified more than once"),
                                );
                            }
                            seen |= bit;
                            let rule = kind.rules.get(id).copied().flatten();
                            (MdName::from_static(name), rule)
                        }
                        None => {
                            let name = String::from_utf8_lossy(&name_b).into_owned();
                            if fields.iter().any(|f| *f.name == *name) {
                                return self.err_at(
                                    name_at,
                                    format!("field '{name}' cannot be specified more than once"),
                                );
                            }
                            // Unknown fields are invalid in the kinds
                            // checked strictly, free in the others.
                            let rule = kind.schema.is_none().then_some(FieldRule::Any);
                            (MdName::from(name), rule)
                        }
                    };
                    let value_at = self.tok.start;
                    let value = self.parse_md_field_value()?;
                    let f = MdField { name, value };
                    if field_err.is_none() && !matches!(rule, Some(FieldRule::Any)) {
                        if let Err(e) = self.check_di_field(rule, &f, name_at, value_at) {
                            field_err = Some(e);
                        }
                    }
                    fields.push(f);
                }
                if self.tok.kind != Tok::Comma {
                    break;
                }
                self.bump_md();
            }
            close = self.tok.start;
            self.expect(Tok::RParen, ")")?;
        }
        if let Some(e) = field_err {
            return Err(e);
        }
        if !kind.positional {
            self.check_di_required(kind, seen, close)?;
        }
        Ok(MdBody::Special {
            kind: MdName::from_static(kind.name),
            fields: fields.into_vec(),
        })
    }

    fn parse_md_int(&mut self) -> PResult<i128> {
        match md_int(self.text()) {
            Some(v) => {
                self.bump_md();
                Ok(v)
            }
            None => self.err("value too large for metadata field"),
        }
    }

    fn parse_md_field_value(&mut self) -> PResult<MdFieldValue> {
        match self.tok.kind {
            Tok::Int => Ok(MdFieldValue::Int(self.parse_md_int()?)),
            Tok::MetadataId(n) => {
                // As `parse_md_node_ref` does.
                let at = self.tok.start + 1;
                self.bump_md();
                Ok(MdFieldValue::Md(Md::Node(self.md_node_for_id(n, at))))
            }
            Tok::Str => {
                let s = self.tok.name(self.src).into_owned();
                self.bump_md();
                Ok(MdFieldValue::Str(s.into()))
            }
            Tok::MetadataString | Tok::Exclaim | Tok::MetadataVar => {
                Ok(MdFieldValue::Md(self.parse_md_operand()?))
            }
            Tok::Keyword => {
                let k = self.text();
                match k {
                    b"null" => {
                        self.bump();
                        Ok(MdFieldValue::Null)
                    }
                    b"true" | b"false" => {
                        self.bump();
                        Ok(MdFieldValue::Bool(k == b"true"))
                    }
                    _ if is_flag(k) => {
                        let names = names();
                        let mut flags = Vec::new();
                        loop {
                            match self.tok.kind {
                                Tok::Keyword => {
                                    let f = self.text();
                                    if !is_flag(f) {
                                        return self.err("expected debug info flag");
                                    }
                                    flags.push(names.keyword(f));
                                    self.bump_md();
                                }
                                Tok::Int => {
                                    let v = self.parse_u64()?;
                                    flags.push(MdName::from(v.to_string()));
                                }
                                _ => return self.err("expected debug info flag"),
                            }
                            if !self.eat(Tok::Bar) {
                                break;
                            }
                        }
                        Ok(MdFieldValue::Flags(flags))
                    }
                    _ if self.is_type_start() => {
                        let (_, c) = self.parse_typed_const()?;
                        Ok(MdFieldValue::Md(Md::Const(c)))
                    }
                    _ => {
                        let v = MdFieldValue::Ident(names().keyword(k));
                        self.bump_md();
                        Ok(v)
                    }
                }
            }
            Tok::LBrace
                if matches!(
                    self.peek().kind,
                    Tok::MetadataId(_)
                        | Tok::Exclaim
                        | Tok::MetadataVar
                        | Tok::MetadataString
                        | Tok::RBrace
                ) || (self.peek().kind == Tok::Keyword
                    && self.peek().text(self.src) == b"null") =>
            {
                // `operands: {!1, null}` of a GenericDINode: stored as a
                // tuple node.
                self.bump();
                let ops = self.parse_md_tuple_body()?;
                Ok(MdFieldValue::Md(Md::Node(self.m.md.tuple(ops))))
            }
            Tok::IntType(_) | Tok::LBrace | Tok::LSquare | Tok::Less => {
                let (_, c) = self.parse_typed_const()?;
                Ok(MdFieldValue::Md(Md::Const(c)))
            }
            _ => self.err("expected metadata field value"),
        }
    }

    /// Whether the current keyword starts a type.
    fn is_type_start(&self) -> bool {
        matches!(
            self.kw_bytes(),
            Some(
                b"void"
                    | b"half"
                    | b"bfloat"
                    | b"float"
                    | b"double"
                    | b"x86_fp80"
                    | b"fp128"
                    | b"ppc_fp128"
                    | b"ptr"
                    | b"token"
                    | b"x86_amx"
                    | b"target"
            )
        )
    }

    /// A `metadata` operand in a function: `!N`, `!{}`, `!"s"`,
    /// `!DIExpression(...)`, `!DIArgList(...)`, or `T v` (a local value
    /// becomes function-local metadata).
    pub(crate) fn parse_md_value_operand(&mut self) -> PResult<Operand> {
        match self.tok.kind {
            Tok::MetadataString => {
                let s = self.tok.name(self.src).into_owned();
                self.bump();
                Ok(Operand::Md(Md::Str(self.m.md.string(&s))))
            }
            Tok::MetadataVar if self.tok.name(self.src).as_ref() == b"DIArgList" => {
                if self.fs.is_none() {
                    return self.err("!DIArgList cannot appear outside of a function");
                }
                self.bump();
                self.expect(Tok::LParen, "(")?;
                let mut ops = Vec::new();
                if !self.eat(Tok::RParen) {
                    loop {
                        let ty = self.parse_type(false)?;
                        if ty == TypeTable::METADATA {
                            return self.err("invalid type for DIArgList operand");
                        }
                        ops.push(self.parse_operand(ty)?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, ")")?;
                }
                let Some(fs) = self.fs.as_mut() else {
                    return self.err("!DIArgList cannot appear outside of a function");
                };
                Ok(Operand::MdArgList(fs.f.make_arg_list(ops)))
            }
            Tok::MetadataId(_) | Tok::Exclaim | Tok::MetadataVar => {
                Ok(Operand::Md(Md::Node(self.parse_md_node_ref()?)))
            }
            _ => {
                let ty = self.parse_type(false)?;
                if ty == TypeTable::METADATA || ty == TypeTable::LABEL {
                    return self.err("invalid metadata operand type");
                }
                match self.parse_operand(ty)? {
                    Operand::Value(v) => Ok(Operand::MdLocal(v)),
                    Operand::Const(c) => Ok(Operand::Md(Md::Const(c))),
                    _ => self.err("invalid metadata operand"),
                }
            }
        }
    }
}
