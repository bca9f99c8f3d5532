package dev.capplanner.planner.capability;

import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a question asks for, as opposed to what it only names to say which one: in "the parcel of
 * the order of ticket T-1001" the parcel is asked for, the order and the ticket qualify it. A routed
 * tool's entity is <em>asked for</em> when the question names it (or a field only that entity's
 * output carries, such as a shipment's {@code carrier}) outside a qualifying phrase, or when the
 * head of an "X of ..." phrase is a word of that entity's descriptions alone ("parcel" for
 * shipments); it is a <em>qualifier</em> when every mention follows a preposition ("of", "for", "on",
 * "by", ...), across articles, possessives, adjectives and names ("of Anna Conti's last order").
 * When a turn has several sentences, what its last request asks for comes first (a question, or a
 * sentence that starts with a verb such as "show": "Has order O-5007 shipped? Show its shipments"
 * asks for shipments; "My phone is ...: list the orders of C-1001" asks for orders, not a phone). Words only: plain English structure, no model.
 */
final class QuestionFocus {

    enum Role { ASKED_FOR, UNMENTIONED, QUALIFIER }

    /** A tool's role in the question and, when asked for, the word position of its first such mention. */
    record Placement(Role role, int position) {
    }

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]*");
    /** Sentences end at . ? ! ; or : before a space (not inside an e-mail address or a number). */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.?!;:])\\s+");
    private static final Set<String> REQUEST_VERBS = Set.of("show", "list", "find", "get", "give", "track", "display",
            "tell", "fetch", "look", "check", "search", "open", "print", "send");
    /** Mentions outside the last request sentence come after every mention inside it. */
    private static final int OUTSIDE_REQUEST = 100_000;
    private static final Set<String> PREPOSITIONS = Set.of("of", "for", "on", "from", "by", "about", "behind",
            "to", "at", "with", "within", "under");
    private static final Set<String> MODIFIERS = Set.of("the", "a", "an", "this", "that", "these", "those", "her",
            "his", "their", "its", "my", "our", "your", "last", "latest", "newest", "recent", "most", "first",
            "previous", "current", "same", "other", "whose", "each", "every", "all", "any");
    /** Heads that say nothing about which entity ("the details of ...", "the status of ..."). */
    private static final Set<String> GENERIC_HEADS = Set.of("detail", "details", "status", "info", "information",
            "data", "record", "records", "list", "overview", "summary", "state", "one", "ones", "some", "number");

    private QuestionFocus() {
    }

    static Map<String, Placement> of(String question, List<ToolSpec> tools) {
        List<Token> tokens = tokens(question);
        Map<String, Set<String>> entitiesOfField = entitiesOfFields(tools);
        Map<String, Set<String>> entitiesOfHead = entitiesOfHeads(tokens, tools);
        Map<String, Placement> placements = new HashMap<>();
        for (ToolSpec tool : tools) {
            placements.put(tool.name(), placement(tool, tokens, entitiesOfField, entitiesOfHead));
        }
        return placements;
    }

    private static Placement placement(ToolSpec tool, List<Token> tokens, Map<String, Set<String>> entitiesOfField,
                                       Map<String, Set<String>> entitiesOfHead) {
        String entity = entityOf(tool);
        if (entity == null) {
            return new Placement(Role.UNMENTIONED, Integer.MAX_VALUE);
        }
        boolean qualified = false;
        for (int i = 0; i < tokens.size(); i++) {
            String word = tokens.get(i).base();
            boolean names = namesEntity(word, entity)
                    || Set.of(entity).equals(entitiesOfField.get(word))
                    || Set.of(entity).equals(entitiesOfHead.get(word));
            if (!names) {
                continue;
            }
            if (!qualifying(tokens, i)) {
                int request = tokens.get(tokens.size() - 1).requestSentence();
                return new Placement(Role.ASKED_FOR, tokens.get(i).sentence() == request ? i : OUTSIDE_REQUEST + i);
            }
            qualified = true;
        }
        return new Placement(qualified ? Role.QUALIFIER : Role.UNMENTIONED, Integer.MAX_VALUE);
    }

    /** Whether the word at {@code index} follows a preposition, across modifiers and names. */
    private static boolean qualifying(List<Token> tokens, int index) {
        for (int i = index - 1; i >= 0; i--) {
            Token token = tokens.get(i);
            if (PREPOSITIONS.contains(token.lower())) {
                return true;
            }
            boolean skippable = MODIFIERS.contains(token.lower()) || token.capitalized()
                    || token.possessive() || token.lower().matches("\\d+");
            if (!skippable) {
                return false;
            }
        }
        return false;
    }

    /** Output fields that belong to exactly one routed entity. */
    private static Map<String, Set<String>> entitiesOfFields(List<ToolSpec> tools) {
        Map<String, Set<String>> entities = new HashMap<>();
        for (ToolSpec tool : tools) {
            String entity = entityOf(tool);
            if (entity != null) {
                for (String field : tool.outputFields()) {
                    entities.computeIfAbsent(field.toLowerCase(Locale.ROOT), f -> new HashSet<>()).add(entity);
                }
            }
        }
        return entities;
    }

    /**
     * The heads of "X of ..." phrases that name no routed entity, by the entities whose tools'
     * descriptions use the word ("parcel": the shipments' descriptions alone).
     */
    private static Map<String, Set<String>> entitiesOfHeads(List<Token> tokens, List<ToolSpec> tools) {
        Map<String, Set<String>> entities = new HashMap<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String head = tokens.get(i).base();
            if (!PREPOSITIONS.contains(tokens.get(i + 1).lower()) || GENERIC_HEADS.contains(head)
                    || PREPOSITIONS.contains(head) || MODIFIERS.contains(head) || head.length() < 3) {
                continue;
            }
            for (ToolSpec tool : tools) {
                String entity = entityOf(tool);
                if (entity != null && describes(tool.description(), head)) {
                    entities.computeIfAbsent(head, h -> new HashSet<>()).add(entity);
                }
            }
        }
        return entities;
    }

    private static boolean describes(String description, String word) {
        String singular = singular(word);
        Matcher matcher = WORD.matcher(description.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            String described = matcher.group().replaceAll("['’]s$", "");
            if (described.equals(word) || singular(described).equals(singular)) {
                return true;
            }
        }
        return false;
    }

    static boolean namesEntity(String word, String entity) {
        return word.equals(entity) || singular(word).equals(entity);
    }

    private static String singular(String word) {
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("sses") || word.endsWith("shes") || word.endsWith("ches") || word.endsWith("xes")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    private static String entityOf(ToolSpec tool) {
        return tool.entity() == null || tool.entity().isBlank() ? null : tool.entity().toLowerCase(Locale.ROOT);
    }

    /**
     * A word as written (lower case), without a possessive "'s" ({@code base}), how it was written, its
     * sentence, and the turn's last request sentence.
     */
    private record Token(String lower, String base, boolean capitalized, boolean possessive, int sentence,
                         int requestSentence) {
    }

    private static List<Token> tokens(String question) {
        List<Token> tokens = new ArrayList<>();
        List<String> sentences = new ArrayList<>();
        for (String sentence : SENTENCE_END.split(question.strip())) {
            if (!sentence.isBlank()) {
                sentences.add(sentence);
            }
        }
        int request = -1;
        for (int s = 0; s < sentences.size(); s++) {
            String text = sentences.get(s).strip();
            Matcher first = WORD.matcher(text);
            boolean imperative = first.find() && REQUEST_VERBS.contains(first.group().toLowerCase(Locale.ROOT));
            if (text.endsWith("?") || imperative) {
                request = s;
            }
        }
        for (int s = 0; s < sentences.size(); s++) {
            Matcher matcher = WORD.matcher(sentences.get(s));
            boolean sentenceStart = true;
            while (matcher.find()) {
                String word = matcher.group();
                String lower = word.toLowerCase(Locale.ROOT).replace('’', '\'');
                boolean possessive = lower.endsWith("'s");
                tokens.add(new Token(lower, possessive ? lower.substring(0, lower.length() - 2) : lower,
                        Character.isUpperCase(word.charAt(0)) && !sentenceStart, possessive, s, request));
                sentenceStart = false;
            }
        }
        return tokens;
    }
}
