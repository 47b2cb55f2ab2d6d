; EXPECT: 3:2: error: expected top-level entity
; LLVM: same
	.text
	.globl	main
main:
	movl	$0, %eax
	retq
