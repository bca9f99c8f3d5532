package dev.capplanner.reports.masking;

import dev.capplanner.reports.masking.ListedWords.Listing;
import dev.capplanner.reports.masking.ListedWords.Word;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Person names by the registry name lists ({@link Vocabulary#isListedName}), in any case and
 * position: "riccardo called about O-5002", "MARIA GARCIA", "orders of anna rossi". Capitals tell
 * little (a chat is typed in lower case or in capitals as often as not), so the lists and the words
 * around decide:
 * <ul>
 *   <li>a listed name no dictionary has as a word is a name wherever it stands; one that some
 *       language's frequency list has too ("prima", "tres") only in English text;</li>
 *   <li>a name that is an English word too ("Will", "Grace", "Precious") is one after a title or
 *       "named", after "customer" or "called" when written with a capital, before a reporting verb
 *       ("Will said"), or with a capital mid-sentence in English text where it is a census given name or
 *       no frequent word ("tell Drew that", not "from Basic to Pro");</li>
 *   <li>a census given name followed by a census surname is a name ("john smith"), and so are two
 *       listed names written with a capital side by side ("Chiara Bianchi segnala");</li>
 *   <li>a word in no list, written with a capital in mixed-case text ("Thandiwe", "Okonkwo"), or cued
 *       like a name that is a word ("the customer MARIAPIA"), is a name;</li>
 *   <li>a name carries on to the words joined to it by spaces or particles that are names too, proper
 *       nouns, or in no list ("aron rippin", "Grace Okafor", "Pieter van der Berg").</li>
 * </ul>
 * Linear in the text's length: each word is looked up a bounded number of times.
 */
public final class ListedNameDetector implements Detector {

    /** Before a name in any case: titles and "named". */
    private static final Set<String> STRONG_CUES = Set.of("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sig",
            "signor", "signora", "herr", "frau", "mme", "mlle", "madame", "monsieur", "sr", "sra", "senor",
            "senora", "señor", "señora", "named");
    /** People a support question names by their role before their name: "the customer Hope", "the courier Ahmed". */
    static final Set<String> ROLES = Set.of("customer", "client", "user", "contact", "colleague", "cliente", "clienta",
            "kunde", "kundin", "agent", "courier", "driver");
    /** Before a name written with a capital: "a customer called Grace", "the client Hope". */
    private static final Set<String> WEAK_CUES = union(ROLES, Set.of("called", "dear", "hi", "hello", "thanks"));
    /** Before a word no list has, in English text: "orders of RINTJE", "opened by roswitha rijshouwer". */
    static final Set<String> PREPOSITIONS = Set.of("of", "by", "for", "from", "with", "to", "about");
    /**
     * After a name written with a capital: "Will said", "Rosa llamó". Verbs of speaking only: after
     * "paid", "ordered" or "received" a capitalized word is as often a thing ("Payment received").
     */
    static final Set<String> REPORTING_VERBS = Set.of("said", "says", "asked", "asks", "called", "wrote",
            "wants", "wanted", "complained", "complains", "mentioned", "replied", "emailed", "phoned", "claims", "claimed",
            "told", "insists", "insisted", "thinks", "thought", "rang", "texted", "messaged",
            // The same in the other languages the word lists read.
            "llamó", "pide", "quiere", "dice", "dijo", "escribió", "pregunta", "chiede", "vuole", "scrive", "chiama",
            "sagt", "möchte", "fragt", "schreibt", "dit", "veut", "demande", "écrit", "vraagt", "zegt", "pergunta",
            "quer", "disse");
    /** Participles after which "by" names who opened a case, never when ("paid by", "delivered by" take dates). */
    private static final Set<String> AGENT_PARTICIPLES = Set.of("opened", "raised", "filed", "reported", "submitted",
            "logged", "escalated", "created");
    /** Months that are given names ("April", "May", "June", "August"). */
    private static final Set<String> GIVEN_NAME_MONTHS = Set.of("april", "may", "june", "july", "august");
    /** The most words of one name a rule walks over ("Maria del Carmen Garcia Lopez" is five). */
    private static final int MAX_NAME_WORDS = 5;
    private static final Set<String> MODALS = Set.of("can", "could", "will", "would", "may", "might", "must", "shall",
            "should");
    private static final Set<String> PARTICLES = Set.of("de", "di", "da", "del", "della", "dei", "van", "von", "der",
            "den", "la", "le", "du", "dos", "das", "do", "bin", "binti", "bint", "ibn", "al", "el", "ter", "ten", "zu",
            "y", "dela", "delos", "los", "las");

    private final Vocabulary vocabulary;
    private final ListedWords listedWords;

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> both = new java.util.HashSet<>(a);
        both.addAll(b);
        return Set.copyOf(both);
    }

    public ListedNameDetector(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
        this.listedWords = new ListedWords(vocabulary);
    }

    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.letters() > 0;
    }

    @Override
    public List<Finding> find(CharSequence text) {
        return find(text, Set.of());
    }

    @Override
    public List<Finding> find(CharSequence text, Set<String> ownWords) {
        boolean capitals = TextShape.writtenInCapitals(text);
        List<Word> words = listedWords.read(text, ownWords, capitals);
        if (words.isEmpty()) {
            return List.of();
        }
        boolean mixedCase = !capitals && words.stream().anyMatch(Word::capitalized);
        boolean english = english(words);
        boolean[] name = new boolean[words.size()];
        for (int i = 0; i < words.size(); i++) {
            name[i] = isName(text, words, i, english, capitals, mixedCase);
        }
        pairsOfGivenNameAndSurname(text, words, name, mixedCase);
        int[] leftPastParticles = pastParticles(text, words, -1);
        int[] rightPastParticles = pastParticles(text, words, +1);
        for (int i = 1; i < words.size(); i++) {
            carryOn(text, words, name, leftPastParticles[i], i, mixedCase, english);
        }
        for (int i = words.size() - 2; i >= 0; i--) {
            carryOn(text, words, name, rightPastParticles[i], i, mixedCase, english);
        }
        return findings(text, words, name);
    }

    /**
     * {@link TextShape#english} read off the words already cut (one pass over the text, not two).
     */
    private boolean english(List<Word> words) {
        TextShape.FunctionWords count = new TextShape.FunctionWords(vocabulary);
        words.forEach(word -> count.add(word.lower()));
        return count.english();
    }

    /**
     * For each word, the index of its neighbour in {@code direction} past the name particles joined
     * between them ("luca di stefano": stefano's left neighbour is luca), -1 or the word count where
     * there is none. One pass: a run of particles is walked once, not once per word.
     */
    private static int[] pastParticles(CharSequence text, List<Word> words, int direction) {
        int count = words.size();
        int[] past = new int[count];
        // reached[k]: where a walk that arrives at word k ends; it goes on while k is a particle joined on both sides.
        int[] reached = new int[count];
        int first = direction < 0 ? 0 : count - 1;
        for (int k = first; k >= 0 && k < count; k -= direction) {
            int beyond = k + direction;
            int back = k - direction;
            boolean goesOn = beyond >= 0 && beyond < count && back >= 0 && back < count
                    && PARTICLES.contains(words.get(k).lower()) && joined(text, words.get(back), words.get(k));
            reached[k] = goesOn ? reached[beyond] : k;
        }
        for (int i = 0; i < count; i++) {
            int next = i + direction;
            past[i] = next < 0 || next >= count ? next : reached[next];
        }
        return past;
    }

    private boolean isName(CharSequence text, List<Word> words, int i, boolean english, boolean capitals,
                           boolean mixedCase) {
        Word word = words.get(i);
        String before = i > 0 && (joined(text, words.get(i - 1), word) || afterTitle(text, words.get(i - 1), word))
                ? words.get(i - 1).lower() : "";
        String after = i + 1 < words.size() && joined(text, word, words.get(i + 1)) ? words.get(i + 1).lower() : "";
        boolean written = word.capitalized() && !capitals;
        if (word.oddlyCased()) {
            // "oKonKwO", "rIjsHouWer": capitals strewn through a word disguise it; no word is written so.
            return true;
        }
        return switch (word.listing()) {
            case LISTED -> true;
            case LISTED_BUT_COMMON -> english || cued(text, words, i, before, written)
                    || (written && REPORTING_VERBS.contains(after));
            case NAME_THAT_IS_A_WORD -> cued(text, words, i, before, written)
                    || ((written || capitals || vocabulary.isGivenName(word.lower())) && REPORTING_VERBS.contains(after))
                    || (english && written && (!word.upper() || word.lower().length() > 3) && mixedCase
                    && !TextShape.sentenceStart(text, word.start())
                    && (!vocabulary.isFrequentEnglish(word.lower()) || vocabulary.isGivenName(word.lower())));
            // Acronyms ("GDPR", "SKU") are written in capitals too: a word in capitals needs five letters.
            case UNKNOWN -> (written && mixedCase && word.lower().length() >= (word.upper() ? 5 : 3))
                    || cued(text, words, i, before, written || capitals || english)
                    || REPORTING_VERBS.contains(after)
                    || (english && PREPOSITIONS.contains(before) && word.lower().length() >= 3);
            // "Will said", "May asked": a month or a modal that is a given name before a verb of speaking; a modal
            // is never followed by one ("the customer CAN called"). "mr August Lipka": after a title even a month
            // or a modal is a name, when written with a capital.
            // A modal before a verb in the past or third person is none, in any case: "the customer al will called".
            // "ticket opened by AUGUST": after "opened by", "raised by" and the like stands who did it, and a month
            // that is a given name is that person; after "paid by" or "delivered by" a month is a date.
            case FUNCTION -> (MODALS.contains(word.lower()) && REPORTING_VERBS.contains(after))
                    || (written && ((REPORTING_VERBS.contains(after) && isRegistryName(word.lower()))
                    || STRONG_CUES.contains(before)))
                    || (GIVEN_NAME_MONTHS.contains(word.lower()) && afterAnAgentsBy(text, words, i));
            case PROPER_NOUN -> cued(text, words, i, before, written) || (written && REPORTING_VERBS.contains(after));
            case KNOWN -> false;
        };
    }

    private static boolean listed(Word word) {
        return word.listing() == Listing.LISTED || word.listing() == Listing.LISTED_BUT_COMMON;
    }

    private boolean isRegistryName(String word) {
        return vocabulary.isGivenName(word) || vocabulary.isNameThatIsAWord(word) || vocabulary.isListedName(word);
    }

    /**
     * "ticket opened by ...": the word before is "by", a participle naming who started a case before that,
     * and no day number after ("opened by May 3" is a date).
     */
    private static boolean afterAnAgentsBy(CharSequence text, List<Word> words, int i) {
        if (i < 2 || !words.get(i - 1).lower().equals("by") || !joined(text, words.get(i - 1), words.get(i))
                || !joined(text, words.get(i - 2), words.get(i - 1))
                || !AGENT_PARTICIPLES.contains(words.get(i - 2).lower())) {
            return false;
        }
        int after = words.get(i).end();
        while (after < text.length() && text.charAt(after) == ' ') {
            after++;
        }
        return after >= text.length() || !Character.isDigit(text.charAt(after));
    }

    /** "Mr. Price": a title's full stop is no gap. */
    private static boolean afterTitle(CharSequence text, Word title, Word word) {
        return STRONG_CUES.contains(title.lower()) && title.end() < text.length() && text.charAt(title.end()) == '.'
                && onlySpaces(text, title.end() + 1, word.start());
    }

    /** After a title or "named" (or "her name is"), or a weaker cue when the word has a capital. */
    private static boolean cued(CharSequence text, List<Word> words, int i, String before, boolean written) {
        if (STRONG_CUES.contains(before) || (written && WEAK_CUES.contains(before))) {
            return true;
        }
        return before.equals("is") && i >= 2 && words.get(i - 2).lower().equals("name")
                && joined(text, words.get(i - 2), words.get(i - 1));
    }

    /**
     * "john smith", "ROSE GOLDBERG": a census given name right before a census surname; and "Chiara
     * Bianchi segnala": two listed names written with a capital, side by side, in any language.
     */
    private void pairsOfGivenNameAndSurname(CharSequence text, List<Word> words, boolean[] name, boolean mixedCase) {
        for (int i = 0; i + 1 < words.size(); i++) {
            Word given = words.get(i);
            Word surname = words.get(i + 1);
            boolean censusPair = vocabulary.isGivenName(given.lower()) && vocabulary.isSurname(surname.lower());
            boolean capitalizedPair = mixedCase && listed(given) && listed(surname) && given.capitalized()
                    && surname.capitalized() && !given.upper() && !surname.upper();
            if (given.listing() != Listing.FUNCTION && surname.listing() != Listing.FUNCTION
                    && joined(text, given, surname) && (censusPair || capitalizedPair)) {
                name[i] = true;
                name[i + 1] = true;
            }
        }
    }

    /** A name carries on to a joined word that is a name too, in no list, or a given name before it. */
    private void carryOn(CharSequence text, List<Word> words, boolean[] name, int from, int to, boolean mixedCase,
                         boolean english) {
        if (from < 0 || from >= words.size()) {
            return;
        }
        Word next = words.get(to);
        // The particles between were found joined; the name's own link to them is checked here.
        int linked = from + Integer.signum(to - from);
        if (!name[from] || name[to] || !joined(text, words.get(from), words.get(linked))) {
            return;
        }
        Word known = words.get(from);
        name[to] = switch (next.listing()) {
            case LISTED -> true;
            // "Chiara Bianchi segnala": in mixed-case text a name's part is written like the name.
            case UNKNOWN, PROPER_NOUN -> !mixedCase || next.capitalized() == known.capitalized();
            // "Oluwaseun de la casa": outside English text a common word of another language after a name is that word.
            // A name written before another ("luca di stefano") is a given name; after it, a word ("casa").
            case LISTED_BUT_COMMON -> english || to < from || (mixedCase && next.capitalized());
            case NAME_THAT_IS_A_WORD -> !vocabulary.isFrequentEnglish(next.lower())
                    || (mixedCase && next.capitalized() && known.capitalized())
                    || (to < from && vocabulary.isGivenName(next.lower()))
                    || (to > from && vocabulary.isSurname(next.lower()));
            // "june carter", "Sunday Adebayo asked": a month, a weekday or a modal that is a census given name,
            // before a name; opening a sentence, any such word that is a registry name.
            // "can uz asked", "Will Smith said": a modal takes a verb's plain form; before a name and a verb of
            // speaking in the past or third person it is a given name ("Can" is a Turkish one).
            case FUNCTION -> to < from && ((vocabulary.isEnglishFunctionWord(next.lower())
                    && !PARTICLES.contains(next.lower()) && vocabulary.isGivenName(next.lower()))
                    || (mixedCase && next.capitalized() && known.capitalized()
                    && TextShape.sentenceStart(text, next.start()) && isRegistryName(next.lower()))
                    || (MODALS.contains(next.lower()) && nameSaysSomething(text, words, name, from)));
            case KNOWN -> false;
        };
    }

    /**
     * The name from {@code first} on (at most {@link #MAX_NAME_WORDS} words: a walk per word stays bounded)
     * is followed by a verb of speaking, with only spaces between.
     */
    private static boolean nameSaysSomething(CharSequence text, List<Word> words, boolean[] name, int first) {
        int last = first;
        while (last + 1 < words.size() && last + 1 - first < MAX_NAME_WORDS && name[last + 1]
                && joined(text, words.get(last), words.get(last + 1))) {
            last++;
        }
        return last + 1 < words.size() && joined(text, words.get(last), words.get(last + 1))
                && REPORTING_VERBS.contains(words.get(last + 1).lower());
    }

    /** Runs of names, with the particles between two of them, as one finding each. */
    private static List<Finding> findings(CharSequence text, List<Word> words, boolean[] name) {
        List<Finding> found = new ArrayList<>();
        int i = 0;
        while (i < words.size()) {
            if (!name[i]) {
                i++;
                continue;
            }
            int end = i;
            int j = i + 1;
            while (j < words.size() && joined(text, words.get(j - 1), words.get(j))) {
                if (name[j]) {
                    end = j;
                    j++;
                } else if (PARTICLES.contains(words.get(j).lower())) {
                    j++;
                } else {
                    break;
                }
            }
            found.add(new Finding(words.get(i).start(), words.get(end).end(), SensitiveKind.PERSON));
            i = end + 1;
        }
        return found;
    }

    /** Only spaces between the two words (a line break, a comma or a full stop ends a name). */
    private static boolean joined(CharSequence text, Word a, Word b) {
        Word first = a.start() < b.start() ? a : b;
        Word second = first == a ? b : a;
        return onlySpaces(text, first.end(), second.start());
    }

    /** Characters {@code from} to {@code to} are one space or more, and nothing else. */
    private static boolean onlySpaces(CharSequence text, int from, int to) {
        if (to <= from) {
            return false;
        }
        for (int at = from; at < to; at++) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\u00A0') {
                return false;
            }
        }
        return true;
    }
}
