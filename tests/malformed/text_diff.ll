; EXPECT: 3:1: error: expected top-level entity
; LLVM: same
--- a/x.ll
+++ b/x.ll
@@ -1,2 +1,2 @@
-define void @f() {
+define void @g() {
