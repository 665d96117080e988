/* No-op callbacks of clang's SanitizerCoverage (-fsanitize=fuzzer-no-link) for the
 * processes without libFuzzer -- the smtsmith command line and the tests -- linked with a
 * Z3 built by scripts/build-z3-instrumented.sh: its libz3 calls them from every
 * instrumented module's constructor and at every comparison, and reads the thread-local
 * stack-depth variable, so they must resolve. A fuzz target (built with --cfg fuzzing)
 * gets libFuzzer's own definitions, which count. Compiled by build.rs only for such a Z3. */
#include <stddef.h>
#include <stdint.h>

__thread uintptr_t __sancov_lowest_stack;

void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *end) { (void)start; (void)end; }
void __sanitizer_cov_pcs_init(const uintptr_t *start, const uintptr_t *end) { (void)start; (void)end; }
void __sanitizer_cov_trace_pc_indir(uintptr_t callee) { (void)callee; }
void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) { (void)a; (void)b; }
void __sanitizer_cov_trace_switch(uint64_t value, void *cases) { (void)value; (void)cases; }
