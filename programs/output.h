// SPDX-License-Identifier: MIT
// Small writers shared by the subcommands: the hands of an instance as text, and the progress
// lines on stderr (record.h writes the fields of CSV, JSON and text records).
#ifndef CHOPSTICKS_PROGRAMS_OUTPUT_H
#define CHOPSTICKS_PROGRAMS_OUTPUT_H

#include <gmp.h>
#include <stdbool.h>
#include <stdio.h>

#include "progress.h"
#include "rules.h"

// "2" when every player has the same count, else "3,2".
void output_hands(char *buf, size_t len, unsigned players, const unsigned *hands);

// A progress reporter for command cmd, whose stop flag is set by SIGINT (interrupt.h: from
// this call on, SIGINT stops the computation instead of the process). One per process; a
// second call starts the clock again. It writes one line per report that is due (README,
// "Progress"): on a terminal a live line, redrawn, once the run has lasted a second;
// elsewhere a plain line every 10 s, the first after 10 s; with output_progress_plain(true)
// plain lines at each new phase and at most every second, terminal or not.
const struct progress *output_progress(const char *cmd);
// --progress: plain lines even on a terminal and for short runs (args_parse sets it).
void output_progress_plain(bool plain);
// Clears the progress line, if one was drawn.
void output_progress_done(void);
// Prints the message of a failed library call; returns the exit status for st.
int output_failure(const char *cmd, enum status st, const char *msg);

#endif
