// PCRE2 is compiled for one code-unit width per translation unit: Cull matches UTF-8, so the
// 8-bit API (pcre2_compile_8 …) is the one declared here.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
