#!/usr/bin/env bash
# Fails when a source touches files outside the one safe way (mini-cluster/common/safefiles.h):
#
# 1. QSaveFile follows links and reports success after a failed buffered write (Qt 6.4): it
#    may not appear in the product's sources (app/, grader/, handin/, remote/, mini-cluster/) except
#    in the files of SAVEFILE_ALLOWED, which is empty: every save goes through
#    files::saveFile / saveBelow / DurableWriter.
# 2. The sources that read or write student folders (READERS) must use files::readBelow /
#    listBelow / kindBelow / saveBelow: a QFile, QFileInfo, QDir, QDirIterator,
#    QTemporaryFile, std::ifstream/ofstream/fstream or fopen there fails, unless its line or
#    the line above says why the path is not a student's: `file-access: trusted (<why>)`
#    (the folder the user named, the rubric's folder...), or it is listed in TRUSTED_USES.
#
# Comments are ignored (a `//` and what follows), #include lines too (they do nothing).
# Usage: scripts/check-file-access.sh [ROOT]   (ROOT: the source tree, default: this one)
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"

SAVEFILE_ALLOWED=(
)

READERS=(
  grader/submission.cpp
  grader/checks_*.cpp
  app/cli/gradecommand.cpp
  app/cli/releasecommand.cpp
  app/gui/instructor/*.cpp
  app/gui/instructor/*.h
  app/gui/handin.cpp
  handin/*.cpp
  app/cli/classoutputs.cpp
)

# file|code: a use on a path that is not a student's, in a file this check may not annotate.
TRUSTED_USES=(
  "app/gui/instructor/instructorpage.cpp|QFileInfo(grading_->gradebookPath())"
)

# Prints "file:line: text" for each line matching the extended regex $1 in the files that
# follow, comments, #include lines and annotated lines left out.
scan() {
  local pattern=$1
  shift
  awk -v pattern="$pattern" '
    FNR == 1 { previous = "" }
    {
      line = $0
      trusted = (line ~ /file-access: trusted \(/ || previous ~ /file-access: trusted \(/)
      previous = line
      if (line ~ /^[ \t]*#[ \t]*include/ || trusted) next
      code = line
      sub(/\/\/.*/, "", code)
      if (code ~ pattern) print FILENAME ":" FNR ": " line
    }' "$@"
}

status=0

mapfile -t product < <(find app grader handin remote mini-cluster -name '*.cpp' -o -name '*.h' | sort)
while IFS= read -r hit; do
  file=${hit%%:*}
  allowed=0
  for f in "${SAVEFILE_ALLOWED[@]}"; do [ "$f" = "$file" ] && allowed=1; done
  if [ "$allowed" -eq 0 ]; then
    echo "check-file-access: $hit" >&2
    echo "  QSaveFile follows links: use schedlab::files::saveFile / saveBelow (safefiles.h)" >&2
    status=1
  fi
done < <(scan '(^|[^A-Za-z0-9_])QSaveFile([^A-Za-z0-9_]|$)' "${product[@]}")

# An allowed file that no longer holds one: say so, so the list only shrinks.
for f in "${SAVEFILE_ALLOWED[@]}"; do
  if [ -f "$f" ] && [ -z "$(scan '(^|[^A-Za-z0-9_])QSaveFile([^A-Za-z0-9_]|$)' "$f")" ]; then
    echo "check-file-access: note: $f no longer uses QSaveFile: remove it from SAVEFILE_ALLOWED"
  fi
done

mapfile -t readers < <(for p in "${READERS[@]}"; do ls $p 2>/dev/null; done | sort -u)
io='(^|[^A-Za-z0-9_])(QFile|QFileInfo|QDir|QDirIterator|QTemporaryFile|ifstream|ofstream|fstream|fopen)([^A-Za-z0-9_]|$)'
while IFS= read -r hit; do
  file=${hit%%:*}
  known=0
  for use in "${TRUSTED_USES[@]}"; do
    [ "${use%%|*}" = "$file" ] && [[ "$hit" == *"${use#*|}"* ]] && known=1
  done
  if [ "$known" -eq 0 ]; then
    echo "check-file-access: $hit" >&2
    echo "  a student's folder is read with schedlab::files::readBelow / listBelow / kindBelow" >&2
    echo "  and written with saveBelow; a path that is not a student's says so on its line:" >&2
    echo "  // file-access: trusted (<why>)" >&2
    status=1
  fi
done < <(scan "$io" "${readers[@]}")

if [ "$status" -eq 0 ]; then
  echo "check-file-access: ok (${#readers[@]} student-folder sources; QSaveFile still allowed in ${#SAVEFILE_ALLOWED[@]} files)"
fi
exit "$status"
