package dev.capplanner.router.indexing;

import dev.capplanner.contracts.events.Capability;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * Text a source repeats in most of its tools' descriptions (a provider's standard paragraph, a
 * migration notice, "only works within allowed directories") says nothing about which of its tools
 * fits a question, and it drowns what does. A sentence found in at least half of one source's
 * descriptions (and in at least {@link #MIN_REPEATS} of them) is left out of what the indexes read;
 * the capability itself, as the route carries it, is unchanged. The source's own name, where its
 * boilerplate says it, stays: it tells the source's tools from look-alikes elsewhere. Sources are
 * families; a family of
 * fewer than {@link #MIN_REPEATS} tools has no boilerplate. A description made only of boilerplate
 * is read whole.
 */
public final class SourceBoilerplate {

    /** Fewer repeats are a coincidence, not a source's habit. */
    static final int MIN_REPEATS = 3;
    /** Shorter fragments ("Optional.", "Returns a list.") are content more often than boilerplate. */
    static final int MIN_SENTENCE_LENGTH = 12;

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\n+");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    private final Map<String, Set<String>> repeatedByFamily;

    private SourceBoilerplate(Map<String, Set<String>> repeatedByFamily) {
        this.repeatedByFamily = repeatedByFamily;
    }

    /** Nothing is boilerplate: every description is read whole. */
    public static SourceBoilerplate none() {
        return new SourceBoilerplate(Map.of());
    }

    public static SourceBoilerplate of(List<Capability> capabilities) {
        Map<String, List<Capability>> byFamily = new HashMap<>();
        capabilities.forEach(c -> byFamily.computeIfAbsent(String.valueOf(c.family()), f -> new ArrayList<>()).add(c));
        Map<String, Set<String>> repeated = new HashMap<>();
        byFamily.forEach((family, members) -> {
            if (members.size() < MIN_REPEATS) {
                return;
            }
            Map<String, Integer> counts = new HashMap<>();
            members.forEach(member -> sentences(member.description()).forEach(s -> counts.merge(s, 1, Integer::sum)));
            int threshold = Math.max(MIN_REPEATS, (members.size() + 1) / 2);
            Set<String> boilerplate = new HashSet<>();
            counts.forEach((sentence, count) -> {
                if (count >= threshold) {
                    boilerplate.add(sentence);
                }
            });
            if (!boilerplate.isEmpty()) {
                repeated.put(family, boilerplate);
            }
        });
        return new SourceBoilerplate(repeated);
    }

    /** The description as the indexes read it: without its source's repeated sentences. */
    public String description(Capability capability) {
        String description = capability.description() == null ? "" : capability.description();
        Set<String> boilerplate = repeatedByFamily.get(String.valueOf(capability.family()));
        if (boilerplate == null) {
            return description;
        }
        List<String> kept = new ArrayList<>();
        Set<String> sourceNames = new LinkedHashSet<>();
        Set<String> sourceWords = words(String.valueOf(capability.family()));
        for (String sentence : SENTENCE_END.split(description)) {
            if (!boilerplate.contains(normalized(sentence))) {
                kept.add(sentence.strip());
                continue;
            }
            // The source's own name in its boilerplate still tells its tools from look-alikes of other sources.
            WORD.matcher(sentence).results().map(MatchResult::group)
                    .filter(word -> sourceWords.contains(word.toLowerCase(Locale.ROOT))).forEach(sourceNames::add);
        }
        kept.addAll(sourceNames);
        String cleaned = String.join(" ", kept).strip();
        return cleaned.isEmpty() ? description : cleaned;
    }

    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        WORD.matcher(text).results().map(match -> match.group().toLowerCase(Locale.ROOT)).forEach(words::add);
        return words;
    }

    /** How many sources have boilerplate (for the evaluation's report). */
    public int sourcesWithBoilerplate() {
        return repeatedByFamily.size();
    }

    private static Set<String> sentences(String description) {
        Set<String> sentences = new LinkedHashSet<>();
        if (description == null) {
            return sentences;
        }
        for (String sentence : SENTENCE_END.split(description)) {
            String normal = normalized(sentence);
            if (normal.length() >= MIN_SENTENCE_LENGTH) {
                sentences.add(normal);
            }
        }
        return sentences;
    }

    private static String normalized(String sentence) {
        return SPACES.matcher(sentence.strip()).replaceAll(" ");
    }
}
