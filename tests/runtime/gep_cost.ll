; Address computations costed as LLVM 19's getGEPCost and X86's
; isLegalAddressingMode cost them: a GEP that folds into an addressing mode
; is free, any other costs 1 (code size, which sizes loops for runtime
; unrolling). Each loop is the shape of sqlite3FkOldmask (the repro
; gep_zero_len_array_cost.ll), whose size sits where one unit more or less
; changes the runtime unroll count from 8 to 4. The GEPs are unused: the
; unroller's size model counts them all the same.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%S = type { i32, ptr }
%P = type { i32, i32 }

@g3 = dso_local global [100 x [3 x i8]] zeroinitializer
@ext = external global [100 x i32]

; @flex: `[0 x %S]` (a C flexible array member, sqlite3FkOldmask) by a variable: the 16-byte element is not an x86 scale, so it costs 1 whatever the array's length (loopwright costed it free: 8 instead of 4).
define i32 @flex(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [0 x %S], ptr %p, i64 0, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @flex4: the same with a length: costs 1.
define i32 @flex4(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [4 x %S], ptr %p, i64 0, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @pair: a variable index over an 8-byte struct: scale 8, free.
define i32 @pair(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr %P, ptr %p, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @bytes3_global: a 3-byte element off a dso_local global: no base register, so scale 3 folds (base + 2*index), free.
define i32 @bytes3_global(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [100 x [3 x i8]], ptr @g3, i64 0, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @bytes3_reg: the same off a register: scale 3 needs a base register of its own, costs 1.
define i32 @bytes3_reg(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [3 x i8], ptr %p, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @bytes5_global: scale 5 off a global: free.
define i32 @bytes5_global(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [5 x i8], ptr @g3, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @bytes6_global: scale 6 is no x86 scale: costs 1.
define i32 @bytes6_global(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [6 x i8], ptr @g3, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @near: a displacement that fits in 32 bits: free.
define i32 @near(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i8, ptr %p, i64 2147483647
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @far: one that does not: costs 1.
define i32 @far(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i8, ptr %p, i64 2147483648
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @struct_field: a field of the k-th 16-byte struct: scale 16 costs 1.
define i32 @struct_field(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr %S, ptr %p, i64 %k, i32 1
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @global_big_offset: a constant offset into a global: free.
define i32 @global_big_offset(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr [100 x [3 x i8]], ptr @g3, i64 0, i64 99, i64 2
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @global_past_16m: 16 MiB or more past a global: costs 1 (the small code model's bound).
define i32 @global_past_16m(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i8, ptr @g3, i64 16777216
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @global_extern: a global that is not dso_local needs its address loaded: costs 1.
define i32 @global_extern(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i32, ptr @ext, i64 %k
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @no_index_global: no index on a global: costs 1, as in LLVM.
define i32 @no_index_global(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i8, ptr @g3
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

; @no_index_reg: no index on a register: free.
define i32 @no_index_reg(i64 %k, ptr %p) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep = getelementptr i8, ptr %p
  %l = load i32, ptr %p, align 8
  %c1 = icmp sgt i32 %l, 0
  %sh = shl i32 %l, 3
  %sel = select i1 %c1, i32 %sh, i32 0
  %or = or i32 %sel, 1
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv.next, %k
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %or
}

attributes #0 = { "target-cpu"="rocketlake" }
