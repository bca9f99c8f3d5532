package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The capabilities a question names the data of, for a question no capability is relevant to by the
 * rankers' floors: "Ottavio Caruso's phone number?" shares no word with "search customers by name",
 * and its meaning is too far from it, but {@code phone} is a field only customers' records carry.
 * A capability is named when a word of the question is its entity ("customers") or an output field
 * that no other entity's records carry ("phone", not "status" or "date"), fields of four letters or
 * more, and the question gives a value to look it up by (a word with a digit, a capitalized word
 * inside a sentence, a quoted text): "what's the euro to dollar exchange rate today?" names a
 * rate-limit record's {@code rate} but gives nothing to find one by. A question that names neither
 * ("is it going to rain in Milano tomorrow?") still gets no route (rule "no fit, no route"), and what
 * the planner does with a named capability it cannot bind is its own rule ("never invent arguments").
 */
final class NamedData {

    private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}\\p{N}]*");
    private static final int SHORTEST_FIELD = 4;
    private static final int SHORTEST_ENTITY = 3;

    private NamedData() {
    }

    /** The named capabilities, those named by their entity first, each group in catalog order. */
    static List<RankedCapability> of(String question, List<Capability> catalog) {
        if (!givesAValue(question)) {
            return List.of();
        }
        Set<String> words = words(question);
        Map<String, Set<String>> entitiesOfField = new HashMap<>();
        for (Capability capability : catalog) {
            String entity = entity(capability);
            for (String field : fields(capability)) {
                entitiesOfField.computeIfAbsent(field, f -> new HashSet<>()).add(entity);
            }
        }
        List<RankedCapability> byEntity = new ArrayList<>();
        List<RankedCapability> byField = new ArrayList<>();
        for (Capability capability : catalog) {
            String entity = entity(capability);
            // A capability plan answers the one question it was written for, never a fallback.
            if (entity.length() < SHORTEST_ENTITY || Capability.isPlan(capability)) {
                continue;
            }
            if (namesEntity(question, words, entity)) {
                byEntity.add(named(capability, entity, "entity"));
                continue;
            }
            for (String field : fields(capability)) {
                if (words.contains(field) && Set.of(entity).equals(entitiesOfField.get(field))) {
                    byField.add(named(capability, field, "output fields"));
                    break;
                }
            }
        }
        byEntity.addAll(byField);
        return byEntity;
    }

    private static RankedCapability named(Capability capability, String word, String field) {
        // The lowest score a relevant candidate can carry: it ranks after anything a ranker found.
        return new RankedCapability(capability, 0.001, true, List.of(new MatchReason.TermMatch(word, field)));
    }

    private static boolean namesEntity(String question, Set<String> words, String entity) {
        if (!entity.contains(" ")) {
            return words.contains(entity);
        }
        // "pull request": the words in a row, the last one in the singular or the plural.
        String lower = question.toLowerCase(Locale.ROOT);
        return Pattern.compile("\\b" + Pattern.quote(entity) + "(?:s|es)?\\b").matcher(lower).find();
    }

    private static String entity(Capability capability) {
        return capability.entity() == null ? "" : capability.entity().strip().toLowerCase(Locale.ROOT);
    }

    /** The last segment of each output field, lower case, without array marks: {@code items[].phone} is phone. */
    private static Set<String> fields(Capability capability) {
        Set<String> fields = new LinkedHashSet<>();
        if (capability.outputFields() == null) {
            return fields;
        }
        for (String path : capability.outputFields()) {
            String last = path.replace("[]", "");
            last = last.substring(last.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
            if (last.length() >= SHORTEST_FIELD && last.chars().allMatch(Character::isLetter)) {
                fields.add(last);
            }
        }
        return fields;
    }

    private static final Pattern VALUE = Pattern.compile(
            "\\p{L}*\\p{N}[\\p{L}\\p{N}-]*|(?<=[\\p{L},;]\\s)\\p{Lu}\\p{Ll}+|\"[^\"]+\"|“[^”]+”");

    /** A word with a digit, a capitalized word after another word, or a quoted text. */
    static boolean givesAValue(String question) {
        return VALUE.matcher(question).find();
    }

    /** The question's words in lower case, each also in the singular ("customers" names customer). */
    private static Set<String> words(String question) {
        Set<String> words = new HashSet<>();
        Matcher matcher = WORD.matcher(question.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            String word = matcher.group();
            words.add(word);
            if (word.endsWith("ies") && word.length() > 4) {
                words.add(word.substring(0, word.length() - 3) + "y");
            } else if (word.endsWith("es") && word.length() > 4) {
                words.add(word.substring(0, word.length() - 2));
                words.add(word.substring(0, word.length() - 1));
            } else if (word.endsWith("s") && word.length() > 3) {
                words.add(word.substring(0, word.length() - 1));
            }
        }
        return words;
    }
}
