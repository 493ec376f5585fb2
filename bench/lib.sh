# Shared by the whole-process comparison scripts (source it first thing).
# Needs bash 5: the clock is bash's own EPOCHREALTIME, so no timing
# process is spawned around a command (spawning `date` added ~1.5 ms to
# every sample).
if [ -z "${EPOCHREALTIME:-}" ]; then
  echo "$(basename "$0") needs bash 5 (EPOCHREALTIME)" >&2
  exit 1
fi
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# time_us CMD... runs the command once (output discarded) and prints its
# wall time in microseconds: fork, exec and exit included. A command that
# exits non-zero is an error, never a sample: the script stops (callers run
# under set -e, and a failing command substitution fails the assignment).
time_us() {
  local s e rc=0
  s=${EPOCHREALTIME/[.,]/}
  "$@" > /dev/null || rc=$?
  e=${EPOCHREALTIME/[.,]/}
  if [ "$rc" -ne 0 ]; then
    echo "$(basename "$0"): '$*' exited $rc; not timing a failed run" >&2
    exit 1
  fi
  echo $(( e - s ))
}

# median N... prints the median of its arguments.
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
