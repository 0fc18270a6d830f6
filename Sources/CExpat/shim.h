/* Debian builds libexpat with DTD support; the billion-laughs protection API is declared under it. */
#define XML_DTD 1
#include <expat.h>
