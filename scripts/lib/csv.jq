# SPDX-License-Identifier: MIT
# jq: an array of values as one CSV record (RFC 4180), a field quoted only when it holds a
# quote, a comma or a newline, as scripts/lib/awk.sh's csv_quote does. Use it with
#     jq -r -L scripts/lib 'include "csv"; ... | csv_row'
def csv_field: tostring | if test("[\",\n]") then "\"" + gsub("\""; "\"\"") + "\"" else . end;
def csv_row: map(csv_field) | join(",");
