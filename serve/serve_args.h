// SPDX-License-Identifier: MIT
// The declaration of `chopsticks serve` (serve_args.c), shared by chopsticks, which lists and
// runs it, and chopsticks-serve (main.c), which parses it. Nothing here needs libmicrohttpd.
#ifndef CHOPSTICKS_SERVE_ARGS_H
#define CHOPSTICKS_SERVE_ARGS_H

// The options of serve beyond the rule options, in the order of the declaration's extras.
enum { OPT_TABLE, OPT_PORT, OPT_BIND, OPT_OPEN };

const struct command_args *serve_args(void);

#endif
