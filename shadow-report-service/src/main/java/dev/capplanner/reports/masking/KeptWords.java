package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Strict masking, deny by default: a word of free text is kept only when a vocabulary keeps it
 * (common words of several languages, function words, the tenant's capability words), whatever its
 * case or position; any other word becomes a typed pseudonym. A word the name lists know is masked
 * even when it is also a common word ("Rose", "Grant"), save the English function words, modals,
 * months and weekdays. Numbers shorter than an account number, ordinals and units ("3rd", "10am")
 * and business identifiers (letter codes of at most three letters with such numbers: "O-5002",
 * "INV-2024-17", "a1") are kept, so analysts still follow which order a plan asked about; any other
 * mix of letters and digits is masked. Linear in the text's length.
 */
public final class KeptWords {

    /** A number this long is an account or document number ({@link IdentifierNumberDetector}). */
    private static final int MIN_NUMBER_DIGITS_MASKED = IdentifierNumberDetector.MIN_DIGITS;
    private static final Pattern ORDINAL_OR_UNIT = Pattern.compile(
            "\\d{1,7}(?:st|nd|rd|th|am|pm|h|hr|hrs|min|mins|s|d|k|m|kb|mb|gb|kg|km|x|pc|pcs)");
    private static final String CONNECTORS = "'’-_./:";
    /** A date has eight digits but is no account number (a birth date is the detectors' to find, after its cue). */
    private static final Pattern DATE = Pattern.compile("\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}|\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}");
    /** Letters of a business identifier's code ("INV" in "INV-2024-17"): Latin, at most three ("田路1287号" is an address). */
    private static final Pattern CODE_LETTERS = Pattern.compile("[A-Za-z]{1,3}");
    /** Words the suite itself writes in planner notes and reasons ("llm plan corrected once"). */
    static final Set<String> SUITE_WORDS = Set.of("llm", "json", "api", "url", "http", "https", "mcp", "openapi", "jwt",
            "sql", "uuid", "id", "ids", "dedup", "ttl");

    /** Words that join the parts of a name ("van der", "de la", "bin"). */
    private static final Set<String> NAME_PARTICLES = Set.of("de", "di", "da", "del", "della", "dei", "van", "von",
            "der", "den", "la", "le", "du", "dos", "das", "do", "bin", "ibn", "al", "ter", "ten", "zu", "y", "e");

    /** Adverbs that stand between a subject and its verb, besides the frequent words in "-ly". */
    private static final Set<String> ADVERBS = Set.of("also", "then", "just", "never", "already", "again", "always",
            "often", "still", "later", "now", "even", "only", "once", "soon", "yesterday", "today", "twice", "first",
            "recently", "sometimes", "finally", "apparently", "actually", "really", "clearly", "probably", "maybe",
            "ever", "previously", "earlier", "last", "too", "repeatedly", "directly");
    /** The most words read as who spoke between a role and a verb of speaking. */
    private static final int MAX_SPEAKER_WORDS = 3;
    private static final String NAME_SEPARATORS = ",-–/+&";
    /** ISO 4217 codes ("convert to USD"), lowercase: the JVM's list. */
    private static final Set<String> CURRENCY_CODES = Currency.getAvailableCurrencies().stream()
            .map(currency -> currency.getCurrencyCode().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());

    private final Vocabulary vocabulary;
    private final Set<String> tenantWords;
    private final Set<String> capabilityNames;

    /**
     * @param tenantWords     lowercase words of the tenant's capabilities (entity, operation and parameter names,
     *                        enum values) and of its configured vocabulary
     * @param capabilityNames lowercase capability names, kept whole ("mark_invoice_paid")
     */
    public KeptWords(Vocabulary vocabulary, Set<String> tenantWords, Set<String> capabilityNames) {
        this.vocabulary = vocabulary;
        this.tenantWords = Set.copyOf(tenantWords);
        this.capabilityNames = Set.copyOf(capabilityNames);
    }

    /** The same vocabulary with no tenant's words or capability names: what keeps the least. */
    KeptWords withoutTenantWords() {
        return tenantWords.isEmpty() && capabilityNames.isEmpty() ? this : new KeptWords(vocabulary, Set.of(), Set.of());
    }

    /** The tenant's own words this instance keeps (lowercase). */
    Set<String> tenantWords() {
        return tenantWords;
    }

    /**
     * The words of {@code text} outside {@code masked} (findings already made, in order, not
     * overlapping) that may not be kept, as findings. A word is first decided alone ({@link #decide});
     * in a text read as English ({@link TextShape#english}), a word kept
     * only because some language's word list has it is then read in its context, where case and
     * neighbours are evidence of a name: in a text written in capitals, or written with a capital
     * where no sentence starts ("ticket opened by JARL", "Jaden Hilt"), or standing next to a masked
     * name with nothing but spaces between ("axel renault", "izolda flak"), it is kept only if it is
     * among the 10,000 most frequent English words or an inflection of one.
     */
    public List<Finding> unkept(String text, Collection<Finding> masked) {
        return unkept(text, masked, false);
    }

    /**
     * As {@link #unkept(String, Collection)}; with {@code written}, the text is one a person wrote (a
     * question, a review note), where a word standing alone has no sentence to be read by ("CAN",
     * "HANNO": a name as often as a word, in some language): it is masked unless it is the tenant's,
     * the suite's or a capability's own word. Text the suite writes (plan values, notes) is not read so:
     * a plan's "open" or "shipped" stands alone by design.
     */
    public List<Finding> unkept(String text, Collection<Finding> masked, boolean written) {
        List<Token> tokens = new ArrayList<>();
        boolean english = TextShape.english(text, vocabulary);
        int at = 0;
        for (Finding finding : masked) {
            tokenize(text, at, finding.start(), english, tokens);
            tokens.add(new Token(finding.start(), finding.end(), finding.kind(), false, true));
            at = finding.end();
        }
        tokenize(text, at, text.length(), english, tokens);
        // The evidence of case and of a 10,000-word frequency list holds in English text only: German
        // capitalizes every noun, and a French verb next to a name is no rarer than an English one.
        if (english) {
            boolean capitals = TextShape.writtenInCapitals(text);
            for (int i = 0; i < tokens.size(); i++) {
                Token token = tokens.get(i);
                if (token.weak && (capitals || (nameCased(text, token) && (!TextShape.sentenceStart(text, token.start)
                        || beforeAReportingVerb(text, tokens, i))))) {
                    token.mask(SensitiveKind.NAME);
                }
            }
                // Initials ("milton j. borer") carry a name on; they are left out of the chain.
            if (!capitals) {
                maskCapitalsAfterNameCues(text, tokens);
            }
            List<Token> words = tokens.stream().filter(token -> !isInitialToken(text, token)).toList();
            for (int i = 1; i < words.size(); i++) {
                maskNextToName(text, words.get(i - 1), words.get(i));
            }
            for (int i = words.size() - 2; i >= 0; i--) {
                maskNextToName(text, words.get(i + 1), words.get(i));
            }
            if (!capitals) {
                maskCapitalizedWordsBesideCapitalizedNames(text, words);
            }
            maskWhoSpeaksAfterARole(text, words);
        } else {
            // In any language a registry name next to a masked name is part of it ("ordine di giulia grasso"),
            // though the language's own list keeps it as a word.
            for (int i = 1; i < tokens.size(); i++) {
                maskListedNameNextToName(text, tokens.get(i - 1), tokens.get(i));
            }
            for (int i = tokens.size() - 2; i >= 0; i--) {
                maskListedNameNextToName(text, tokens.get(i + 1), tokens.get(i));
            }
        }
        maskParticlesBetweenNames(text, tokens);
        if (written && tokens.size() == 1) {
            maskLoneWord(text, tokens.get(0));
        }
        List<Finding> found = new ArrayList<>();
        for (Token token : tokens) {
            if (token.kind != null && !token.given) {
                found.add(new Finding(token.start, token.end, token.kind));
            }
        }
        return found;
    }

    private void tokenize(String text, int from, int to, boolean english, List<Token> tokens) {
        int at = from;
        while (at < to) {
            int codePoint = Character.codePointAt(text, at);
            if (!Character.isLetterOrDigit(codePoint)) {
                at += Character.charCount(codePoint);
                continue;
            }
            int end = tokenEnd(text, at, to);
            int decided = TextShape.withoutPossessive(text, at, end);
            String token = text.substring(at, decided);
            SensitiveKind kind = decide(token);
            tokens.add(new Token(at, decided, kind, kind == null && keptOnlyByWordLists(token, english), false));
            at = end;
        }
    }

    /**
     * "Pieter van der Berg", "María de la Fuente": after a masked name, name particles and then a
     * word written with a capital continue the name, in any language; the particles go with it.
     * Each token is read once as a particle (the count is returned, for the test that holds it so).
     */
    static int maskParticlesBetweenNames(String text, List<Token> tokens) {
        int read = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token name = tokens.get(i);
            if (!isName(name.kind)) {
                continue;
            }
            int j = i + 1;
            while (j < tokens.size() && onlySpacesBetween(text, tokens.get(j - 1), tokens.get(j))
                    && NAME_PARTICLES.contains(text.substring(tokens.get(j).start, tokens.get(j).end)
                    .toLowerCase(Locale.ROOT))) {
                j++;
                read++;
            }
            if (j == i + 1 || j >= tokens.size() || !onlySpacesBetween(text, tokens.get(j - 1), tokens.get(j))) {
                // The particles read are not read again from the next one (a text of particles stays linear).
                i = j - 1;
                continue;
            }
            Token last = tokens.get(j);
            if (nameCased(text, last) && (last.weak || isName(last.kind))) {
                SensitiveKind kind = name.kind == SensitiveKind.PERSON ? SensitiveKind.PERSON : SensitiveKind.NAME;
                for (int k = i + 1; k <= j; k++) {
                    if (tokens.get(k).kind == null) {
                        tokens.get(k).mask(kind);
                    }
                }
            }
            i = j - 1;
        }
        return read;
    }

    /**
     * "orders of PIT please": in English text not written in capitals, a word in capitals right after a word a
     * name usually follows ("of", "by", "for", ...; {@link ListedNameDetector#PREPOSITIONS}) is a name as often
     * as an acronym, even where it is a frequent English word ("PIT"). Kept: English function words, currency
     * codes, the tenant's and the suite's words, capability names.
     */
    private void maskCapitalsAfterNameCues(String text, List<Token> tokens) {
        for (int i = 1; i < tokens.size(); i++) {
            Token cue = tokens.get(i - 1);
            Token word = tokens.get(i);
            if (word.kind != null || word.given || !allCapitals(text, word) || !onlySpacesBetween(text, cue, word)
                    || !ListedNameDetector.PREPOSITIONS.contains(text.substring(cue.start, cue.end).toLowerCase(Locale.ROOT))) {
                continue;
            }
            String lower = text.substring(word.start, word.end).toLowerCase(Locale.ROOT);
            if (!vocabulary.isEnglishFunctionWord(lower) && !tenantWords.contains(lower) && !SUITE_WORDS.contains(lower)
                    && !capabilityNames.contains(lower) && !CURRENCY_CODES.contains(lower)) {
                word.mask(SensitiveKind.NAME);
            }
        }
    }

    private void maskLoneWord(String text, Token token) {
        if (token.kind != null || token.given) {
            return;
        }
        String word = text.substring(token.start, token.end);
        if (capabilityNames.contains(word.toLowerCase(Locale.ROOT))) {
            return;
        }
        boolean ownWords = true;
        // Parts of the word as written: "listOrders" is "list" and "Orders".
        for (String part : parts(word)) {
            if (Character.isDigit(part.codePointAt(0))) {
                return; // a number or a code ("O-5002") was decided already, and kept
            }
            String lower = part.toLowerCase(Locale.ROOT);
            ownWords &= tenantWords.contains(lower) || SUITE_WORDS.contains(lower);
        }
        if (!ownWords) {
            token.mask(SensitiveKind.WORD);
        }
    }

    /**
     * "is Take Carstens still waiting": in English text, a word written with a capital where no sentence
     * starts, right beside a name written with a capital, is a part of it even when it is a frequent
     * word; a sentence does not capitalize "take". Only beside a name found before this rule (no chain),
     * and never an English function word ("for", "Mr") or the tenant's, the suite's or a capability's word.
     */
    private void maskCapitalizedWordsBesideCapitalizedNames(String text, List<Token> words) {
        boolean[] name = new boolean[words.size()];
        for (int i = 0; i < words.size(); i++) {
            name[i] = isName(words.get(i).kind) && nameCased(text, words.get(i));
        }
        for (int i = 0; i < words.size(); i++) {
            Token word = words.get(i);
            boolean besideName = (i > 0 && name[i - 1] && onlySpacesBetween(text, words.get(i - 1), word))
                    || (i + 1 < words.size() && name[i + 1] && onlySpacesBetween(text, word, words.get(i + 1)));
            if (word.kind != null || word.given || !besideName || !nameCased(text, word)
                    || TextShape.sentenceStart(text, word.start)) {
                continue;
            }
            String lower = text.substring(word.start, word.end).toLowerCase(Locale.ROOT);
            if (!vocabulary.isEnglishFunctionWord(lower) && !ownWord(lower)) {
                word.mask(SensitiveKind.PERSON);
            }
        }
    }

    /**
     * "the customer cis antes called twice": in English text, the words between a role ("customer",
     * "courier": {@link ListedNameDetector#ROLES}) and a verb of speaking are who spoke, in any case,
     * when one of them is already a name or no frequent English word: a name, whatever lists have its
     * other words. At most three, none an English function word or an adverb ("the customer also
     * called") or the tenant's, the suite's or a capability's word; frequent words alone are a thing
     * ("the customer portal says", "the customer support team wrote").
     */
    private void maskWhoSpeaksAfterARole(String text, List<Token> words) {
        for (int role = 0; role < words.size(); role++) {
            if (!ListedNameDetector.ROLES.contains(lower(text, words.get(role)))) {
                continue;
            }
            int verb = role + 1;
            while (verb < words.size() && verb - role <= MAX_SPEAKER_WORDS
                    && onlySpacesBetween(text, words.get(verb - 1), words.get(verb))
                    && !ListedNameDetector.REPORTING_VERBS.contains(lower(text, words.get(verb)))) {
                String word = lower(text, words.get(verb));
                if (vocabulary.isEnglishFunctionWord(word) || ownWord(word) || adverb(word)) {
                    break;
                }
                verb++;
            }
            boolean spoke = verb > role + 1 && verb < words.size() && verb - role <= MAX_SPEAKER_WORDS + 1
                    && onlySpacesBetween(text, words.get(verb - 1), words.get(verb))
                    && ListedNameDetector.REPORTING_VERBS.contains(lower(text, words.get(verb)));
            boolean named = false;
            for (int k = role + 1; spoke && k < verb; k++) {
                named |= isName(words.get(k).kind) || !vocabulary.isFrequentEnglish(lower(text, words.get(k)));
            }
            if (spoke && named) {
                for (int k = role + 1; k < verb; k++) {
                    if (words.get(k).kind == null) {
                        words.get(k).mask(SensitiveKind.PERSON);
                    }
                }
            }
        }
    }

    /** "the customer also called", "the courier finally said": what stands between a subject and its verb. */
    private boolean adverb(String word) {
        return ADVERBS.contains(word) || (word.endsWith("ly") && vocabulary.isFrequentEnglish(word));
    }

    private static String lower(String text, Token token) {
        return text.substring(token.start, token.end).toLowerCase(Locale.ROOT);
    }

    /** A word of the tenant's, of the suite's, or a capability's name. */
    private boolean ownWord(String lower) {
        return tenantWords.contains(lower) || SUITE_WORDS.contains(lower) || capabilityNames.contains(lower);
    }

    /** "PLACID asked about the refund": at a sentence's start too, a rare word before a verb of speaking is its speaker. */
    private static boolean beforeAReportingVerb(String text, List<Token> tokens, int i) {
        return i + 1 < tokens.size() && onlySpacesBetween(text, tokens.get(i), tokens.get(i + 1))
                && ListedNameDetector.REPORTING_VERBS.contains(text.substring(tokens.get(i + 1).start, tokens.get(i + 1).end)
                .toLowerCase(Locale.ROOT));
    }

    /** Three letters or more, every one a capital. */
    private static boolean allCapitals(String text, Token token) {
        if (token.end - token.start < 3) {
            return false;
        }
        for (int at = token.start; at < token.end; at++) {
            char c = text.charAt(at);
            if (!Character.isLetter(c) || !Character.isUpperCase(c)) {
                return false;
            }
        }
        return true;
    }

    private static void maskNextToName(String text, Token name, Token next) {
        if (next.weak && next.kind == null && isName(name.kind) && joinedAsAName(text, name, next)) {
            next.mask(name.kind == SensitiveKind.PERSON ? SensitiveKind.PERSON : SensitiveKind.NAME);
        }
    }

    private void maskListedNameNextToName(String text, Token name, Token next) {
        if (next.kind == null && !next.given && isName(name.kind) && joinedAsAName(text, name, next)
                && vocabulary.isListedName(text.substring(next.start, next.end).toLowerCase(Locale.ROOT))) {
            next.mask(SensitiveKind.PERSON);
        }
    }

    private static boolean isName(SensitiveKind kind) {
        return kind == SensitiveKind.PERSON || kind == SensitiveKind.NAME || kind == SensitiveKind.WORD;
    }

    /**
     * Nothing between the two but spaces, the separators names are written with (", " "-" "/" "+" "&")
     * and initials ("j.", "J"): "milton, borer", "milton j. borer", not "milton. Borer asked".
     */
    private static boolean joinedAsAName(String text, Token a, Token b) {
        return gapHoldsOnly(text, a, b, at -> {
            char c = text.charAt(at);
            boolean initial = Character.isLetter(c) && (at == 0 || !Character.isLetter(text.charAt(at - 1)))
                    && (at + 1 >= text.length() || !Character.isLetter(text.charAt(at + 1)));
            boolean initialsDot = c == '.' && at > 0 && Character.isLetter(text.charAt(at - 1))
                    && (at < 2 || !Character.isLetter(text.charAt(at - 2)));
            return Character.isWhitespace(c) || Character.isSpaceChar(c) || NAME_SEPARATORS.indexOf(c) >= 0 || initial
                    || initialsDot;
        });
    }

    private static boolean isInitialToken(String text, Token token) {
        return token.end - token.start == 1 && Character.isLetter(text.charAt(token.start));
    }

    private static boolean onlySpacesBetween(String text, Token a, Token b) {
        return gapHoldsOnly(text, a, b, at -> Character.isSpaceChar(text.charAt(at)) || text.charAt(at) == '\t');
    }

    /** Whether there is a gap between the two tokens and every character of it passes {@code allowed}. */
    private static boolean gapHoldsOnly(String text, Token a, Token b, IntPredicate allowed) {
        int from = Math.min(a.end, b.end);
        int to = Math.max(a.start, b.start);
        if (to <= from) {
            return false;
        }
        for (int at = from; at < to; at++) {
            if (!allowed.test(at)) {
                return false;
            }
        }
        return true;
    }

    /** "Hilt" or "JARL": a capital first, and more than one letter. */
    private static boolean nameCased(String text, Token token) {
        return token.end - token.start > 1 && Character.isUpperCase(text.codePointAt(token.start));
    }

    /**
     * Kept only because a word list of some language has it: none of its parts is a function word (of
     * English, or of any language where the text is not English), a frequent English word, a word of
     * the tenant's or of the suite, and it is no number or code.
     */
    private boolean keptOnlyByWordLists(String token, boolean english) {
        String lower = token.toLowerCase(Locale.ROOT);
        if (capabilityNames.contains(lower)) {
            return false;
        }
        boolean weak = false;
        for (String part : parts(token)) {
            if (Character.isDigit(part.codePointAt(0))) {
                return false;
            }
            String word = part.toLowerCase(Locale.ROOT);
            if (isInitial(word)) {
                continue;
            }
            // The cheap look-ups first: a frequent-word check may try several stems.
            if (vocabulary.isEnglishFunctionWord(word) || tenantWords.contains(word) || SUITE_WORDS.contains(word)
                    || (!english && vocabulary.isFunctionWord(word)) || vocabulary.isFrequentEnglish(word)) {
                continue;
            }
            weak = true;
        }
        return weak;
    }

    /** A word of the text and what became of it; {@code given} for a finding made before (a detector's). */
    static final class Token {
        final int start;
        final int end;
        SensitiveKind kind;
        boolean weak;
        final boolean given;

        Token(int start, int end, SensitiveKind kind, boolean weak, boolean given) {
            this.start = start;
            this.end = end;
            this.kind = kind;
            this.weak = weak;
            this.given = given;
        }

        void mask(SensitiveKind as) {
            kind = as;
            weak = false;
        }
    }

    /** Letters, digits and marks, joined by a connector only where a letter or digit follows it. */
    private static int tokenEnd(CharSequence text, int start, int to) {
        int at = start;
        while (at < to) {
            int codePoint = Character.codePointAt(text, at);
            int width = Character.charCount(codePoint);
            if (Character.isLetterOrDigit(codePoint) || TextShape.isMark(codePoint)) {
                at += width;
            } else if (CONNECTORS.indexOf(codePoint) >= 0 && at + width < to
                    && Character.isLetterOrDigit(Character.codePointAt(text, at + width))) {
                at += width;
            } else {
                break;
            }
        }
        return at;
    }

    /** The kind to mask the token as, or null to keep it. */
    SensitiveKind decide(String token) {
        String lower = token.toLowerCase(Locale.ROOT);
        if (capabilityNames.contains(lower)) {
            return null;
        }
        List<String> parts = parts(token);
        int digits = 0;
        boolean letters = false;
        for (String part : parts) {
            if (Character.isDigit(part.codePointAt(0))) {
                digits += part.length();
            } else {
                letters = true;
            }
        }
        if (!letters) {
            return digits < MIN_NUMBER_DIGITS_MASKED || DATE.matcher(lower).matches() ? null : SensitiveKind.ID_NUMBER;
        }
        if (digits > 0) {
            boolean code = digits < MIN_NUMBER_DIGITS_MASKED && parts.stream().allMatch(
                    part -> Character.isDigit(part.codePointAt(0)) || CODE_LETTERS.matcher(part).matches());
            return code || ORDINAL_OR_UNIT.matcher(lower).matches() ? null : SensitiveKind.VALUE;
        }
        SensitiveKind strongest = null;
        for (String part : parts) {
            SensitiveKind kind = decideWord(part.toLowerCase(Locale.ROOT));
            if (rank(kind) > rank(strongest)) {
                strongest = kind;
            }
        }
        return strongest;
    }

    private SensitiveKind decideWord(String word) {
        if (isInitial(word)) {
            return null; // an initial or a letter alone names nobody
        }
        Vocabulary.WordClass wordClass = vocabulary.classify(word);
        String plain = TextShape.withoutAccents(word);
        if (!plain.equals(word) && wordClass != Vocabulary.WordClass.FUNCTION) {
            // "Müller", "José": the census lists are written without accents. Only a name is read this way: "fárá"
            // is not kept because a list has "fara".
            Vocabulary.WordClass plainClass = vocabulary.classify(plain);
            if (plainClass == Vocabulary.WordClass.PERSON || plainClass == Vocabulary.WordClass.PROPER_NOUN) {
                wordClass = plainClass;
            }
        }
        return switch (wordClass) {
            case FUNCTION, COMMON -> null;
            case PERSON -> SensitiveKind.PERSON;
            case PROPER_NOUN -> SensitiveKind.NAME;
            case UNKNOWN -> tenantWords.contains(word) || SUITE_WORDS.contains(word) ? null : SensitiveKind.WORD;
        };
    }

    /** One letter of an alphabet; in the scripts where one character is a word or a name ("伟", "민") it is not. */
    private static boolean isInitial(String word) {
        if (word.codePointCount(0, word.length()) != 1) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(word.codePointAt(0));
        return script == Character.UnicodeScript.LATIN || script == Character.UnicodeScript.GREEK
                || script == Character.UnicodeScript.CYRILLIC;
    }

    private static int rank(SensitiveKind kind) {
        if (kind == null) {
            return 0;
        }
        return switch (kind) {
            case PERSON -> 3;
            case NAME -> 2;
            default -> 1;
        };
    }

    /**
     * "customerId", "orderNumber2", "customerID": every run of letters opens with two lowercase letters
     * or more, and every capital in it starts a lowercase part or is one of its last two letters.
     * "oKonKwO", "zOrVexA" are not: split, their pieces would each be a kept word.
     */
    static boolean camelCase(String token) {
        int runStart = 0;
        for (int at = 0; at <= token.length(); at++) {
            boolean letter = at < token.length() && Character.isLetter(token.charAt(at));
            if (letter) {
                continue;
            }
            int length = at - runStart;
            if (length > 0) {
                if (length < 2 || !Character.isLowerCase(token.charAt(runStart))
                        || !Character.isLowerCase(token.charAt(runStart + 1))) {
                    return false;
                }
                for (int i = runStart + 2; i < at; i++) {
                    boolean lastTwo = i >= at - 2 && Character.isUpperCase(token.charAt(at - 1))
                            && Character.isUpperCase(token.charAt(at - 2));
                    if (Character.isUpperCase(token.charAt(i)) && !lastTwo
                            && (i + 1 >= at || !Character.isLowerCase(token.charAt(i + 1)))) {
                        return false;
                    }
                }
            }
            runStart = at + 1;
        }
        return true;
    }

    /**
     * Runs of letters and runs of digits; a word written in camel case ("customerId", "orderNumber2")
     * is split where a lowercase letter meets a capital, any other ("oKonKwO") is one word.
     */
    static List<String> parts(String token) {
        List<String> parts = new ArrayList<>();
        boolean camelCase = camelCase(token);
        int start = -1;
        int previous = 0;
        for (int at = 0; at < token.length(); ) {
            int codePoint = token.codePointAt(at);
            int width = Character.charCount(codePoint);
            boolean letter = Character.isLetter(codePoint) || TextShape.isMark(codePoint);
            boolean digit = Character.isDigit(codePoint);
            boolean boundary = start >= 0 && ((!letter && !digit)
                    || (letter && Character.isDigit(previous)) || (digit && !Character.isDigit(previous))
                    || (camelCase && Character.isUpperCase(codePoint) && Character.isLowerCase(previous)));
            if (boundary) {
                parts.add(token.substring(start, at));
                start = -1;
            }
            if ((letter || digit) && start < 0) {
                start = at;
            }
            previous = codePoint;
            at += width;
        }
        if (start >= 0) {
            parts.add(token.substring(start));
        }
        return parts;
    }
}
