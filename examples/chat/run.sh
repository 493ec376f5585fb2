#!/bin/sh
# One command: the chat panel at http://127.0.0.1:8080/ over the tools here,
# with the model of tscg.yaml. Needs OPENAI_API_KEY (or edit model: in
# tscg.yaml for another provider or a local server).
# Pass -m "question" instead to ask once in the terminal.
set -e
cd "$(dirname "$0")"
: "${OPENAI_API_KEY:?export OPENAI_API_KEY first (or edit model: in tscg.yaml)}"
if [ $# -gt 0 ]; then
  exec go run ../../cmd/tscg agent "$@"
fi
exec go run ../../cmd/tscg agent --http 127.0.0.1:8080 --user-skills user-skills
