/* SPDX-License-Identifier: MIT */
/* libchopsticks: enumerate and solve the hand game Chopsticks (placeholder, filled below). */
#ifndef CHOPSTICKS_H
#define CHOPSTICKS_H

#define CHOP_VERSION_MAJOR 0
#define CHOP_VERSION_MINOR 1
#define CHOP_VERSION_PATCH 0
#define CHOP_VERSION_STRING "0.1.0"

#if defined(CHOP_BUILDING)
#define CHOP_API __attribute__((visibility("default")))
#else
#define CHOP_API
#endif

CHOP_API const char *chop_version(void);

#endif
