# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=EXE -DARGUMENTS=A;B -DOUTPUT=FILE -P write_output.cmake: runs EXE A B and
# writes its standard output to FILE, through FILE.tmp and a rename, so a failed run leaves
# no file behind (and the build fails).
execute_process(COMMAND ${PROGRAM} ${ARGUMENTS} OUTPUT_FILE ${OUTPUT}.tmp RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "${PROGRAM} ${ARGUMENTS}: exit status ${status}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
