; Round-trip failure (found by a hand-written probe of the roundtrip
; property): a line break in source_filename ended the "; ModuleID" comment
; early and left the rest of the name as unparseable text.
source_filename = "a\0Ab\0Dc"
