# Generates seclint.1: the RULES section comes from `seclint --list-rules`,
# i.e. from the rule declarations, never kept by hand.
execute_process(COMMAND ${SECLINT} --policy ${POLICY} --list-rules
                OUTPUT_VARIABLE list RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "seclint --list-rules failed")
endif()
set(RULES "")
string(REGEX MATCHALL "\n[a-z0-9-]+ +[a-z]+ +[^\n]*" rows "${list}")
foreach(row IN LISTS rows)
  string(REGEX MATCH "\n([a-z0-9-]+) +([a-z]+) +(.*)" _ "${row}")
  string(APPEND RULES ".TP\n.B ${CMAKE_MATCH_1}\n(${CMAKE_MATCH_2}) ${CMAKE_MATCH_3}\n")
endforeach()
string(APPEND RULES ".PP\nRun \\fBseclint \\-\\-explain\\fR \\fIID\\fR for the full text of a rule.")
set(VERSION ${VERSION})
configure_file(${IN} ${OUT} @ONLY)
