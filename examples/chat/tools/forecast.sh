#!/bin/sh
# The arguments arrive as JSON on stdin; the result is JSON on stdout.
# A real tool would call a weather API with them.
cat > /dev/null
echo '"24°C, sunny, no rain expected"'
