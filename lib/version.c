// SPDX-License-Identifier: MIT
// The library's version at run time (chop_version), for callers to compare with the header's.
#include "chopsticks.h"

const char *chop_version(void)
{
	return CHOP_VERSION_STRING;
}
