#!/usr/bin/env bash
# Fails when README.md, docs/, samples/README.md or the binary's --help texts point to files a
# user who clones the repository does not have: ../shared paths, shared/spec|data|cases|seeds
# paths, or "seed 000"-style references. Usage: .ci/self-contained.sh [path/to/arbiter]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/arbiter}
pattern='\.\./shared|shared/(spec|data|cases|seeds|tools)|[Ss]eeds? ?[0-9]{3}'
status=0
if grep -nE "$pattern" README.md samples/README.md docs/*.md; then
  echo "self-contained: README/docs name files outside the repository (above)" >&2
  status=1
fi
help=$("$bin" --help)
for sub in $("$bin" --help | awk '/^Commands:/{on=1;next} /^$/{on=0} on{print $1}'); do
  [ "$sub" = help ] && continue
  help+=$'\n'$("$bin" "$sub" --help)
done
if grep -nE "$pattern" <<<"$help"; then
  echo "self-contained: --help names files outside the repository (above)" >&2
  status=1
fi
# Every relative link in README and docs resolves inside the repository.
while IFS= read -r hit; do
  file=${hit%%:*}
  link=${hit#*:}
  case "$link" in http*|\#*) continue ;; esac
  target="$(dirname "$file")/${link%%#*}"
  if [ ! -e "$target" ]; then
    echo "self-contained: $file links to $link, which does not exist" >&2
    status=1
  fi
done < <(grep -oE '\]\([^)]+\)' README.md samples/README.md docs/*.md /dev/null | sed -E 's/\]\(([^)]*)\)$/\1/' | sed -E 's/^([^:]+):(.*)$/\1:\2/')
exit $status
