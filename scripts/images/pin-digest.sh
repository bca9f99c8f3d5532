#!/usr/bin/env bash
# Points one entry of a kustomization's `images:` at an image by digest (its newName and digest lines).
#   scripts/images/pin-digest.sh KUSTOMIZATION NAME NEW_NAME sha256:DIGEST
set -euo pipefail
file=$1 name=$2 new_name=$3 digest=$4
[[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]] || { echo "error: not a digest: $digest" >&2; exit 2; }
[[ "$new_name" =~ ^[a-z0-9][a-z0-9._/:-]*$ ]] || { echo "error: not an image name: $new_name" >&2; exit 2; }
grep -Fqx "  - name: $name" "$file" || { echo "error: $file has no images entry for $name" >&2; exit 1; }
awk -v name="$name" -v new_name="$new_name" -v digest="$digest" '
  /^  - name: / { current = ($3 == name) }
  current && /^    newName: / { print "    newName: " new_name; next }
  current && /^    digest: / { print "    digest: " digest; next }
  { print }
' "$file" > "$file.tmp" && mv "$file.tmp" "$file"
