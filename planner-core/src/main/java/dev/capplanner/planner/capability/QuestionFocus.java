package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.EntityWords;
import dev.capplanner.contracts.entities.PersonEntities;
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
    private static final Set<String> OBJECT_QUESTION_WORDS = Set.of("what", "which", "whom");
    private static final Set<String> DO_OR_HAVE = Set.of("does", "do", "did", "has", "have", "had");
    /** Words that open a yes/no question. */
    private static final Set<String> AUXILIARIES = Set.of("does", "do", "did", "has", "have", "had", "is", "are",
            "was", "were", "can", "could", "will", "would");
    /** "I need their contact details", "we'd like the invoices": a request in the first person. */
    private static final Pattern FIRST_PERSON_REQUEST = Pattern.compile(
            "^(?:please\\s+)?(?:i|we)(?:\\s+(?:need|want|would\\s+like)|['’]d\\s+like)\\b");
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
    static final Set<String> GENERIC_HEADS = Set.of("detail", "details", "status", "info", "information",
            "data", "record", "records", "list", "overview", "summary", "state", "one", "ones", "some", "number");

    private QuestionFocus() {
    }

    static Map<String, Placement> of(String question, List<ToolSpec> tools) {
        List<Token> tokens = tokens(question);
        if (tokens.isEmpty()) {
            // "?": no word, nothing asked for.
            Map<String, Placement> none = new HashMap<>();
            tools.forEach(tool -> none.put(tool.name(), new Placement(Role.UNMENTIONED, Integer.MAX_VALUE)));
            return none;
        }
        Map<String, Set<String>> entitiesOfField = entitiesOfFields(tools);
        Map<String, Set<String>> entitiesOfHead = entitiesOfHeads(tokens, tools);
        Set<String> entities = new HashSet<>();
        tools.forEach(tool -> {
            if (entityOf(tool) != null) {
                entities.add(entityOf(tool));
            }
        });
        Set<Integer> subjects = subjectsOfYesNoQuestions(tokens, entities, entitiesOfField, entitiesOfHead);
        Map<String, Placement> placements = new HashMap<>();
        for (ToolSpec tool : tools) {
            placements.put(tool.name(), placement(tool, tokens, entities, entitiesOfField, entitiesOfHead, subjects));
        }
        Map<String, Integer> askedByQuestionWord = askedByWho(tokens, tools, entitiesOfField, entitiesOfHead);
        askedByHow(tokens, tools).forEach(askedByQuestionWord::putIfAbsent);
        askedByQuestionWord.forEach((name, position) -> placements.merge(name,
                new Placement(Role.ASKED_FOR, position), (placed, asked) -> placed.role() == Role.ASKED_FOR
                        && placed.position() < asked.position() ? placed : asked));
        return placements;
    }

    /**
     * "How was invoice INV-1009 paid?", "How did Simone Conti pay his last invoice?": a question of how
     * something was done asks for the record of doing it, the entity its verb names ({@code payment} for
     * pay, paid; {@code shipment} for ship, shipped), at the place of the "how". "How much has been paid
     * on it?" too, but not when a routed entity is named before the verb ("how many orders were
     * shipped?" counts orders); not "how long", "how often".
     */
    private static Map<String, Integer> askedByHow(List<Token> tokens, List<ToolSpec> tools) {
        Map<String, Integer> asked = new HashMap<>();
        int request = tokens.isEmpty() ? -1 : tokens.get(tokens.size() - 1).requestSentence();
        for (int start = 0; start + 1 < tokens.size(); start++) {
            Token how = tokens.get(start);
            boolean opens = start == 0 || tokens.get(start - 1).sentence() != how.sentence();
            if (!opens || !how.lower().equals("how") || HOW_MEASURES.contains(tokens.get(start + 1).lower())) {
                continue;
            }
            boolean amount = HOW_AMOUNTS.contains(tokens.get(start + 1).lower());
            for (int i = start + 1; i < tokens.size() && tokens.get(i).sentence() == how.sentence(); i++) {
                if (amount && namesAnyEntity(tokens.get(i), tools)) {
                    break;
                }
                for (ToolSpec tool : tools) {
                    String entity = entityOf(tool);
                    if (entity != null && isVerbOf(tokens.get(i).lower(), entity)) {
                        asked.putIfAbsent(tool.name(), how.sentence() == request ? start : OUTSIDE_REQUEST + start);
                    }
                }
            }
        }
        return asked;
    }

    /** The verb a "-ment" noun is made from, in its forms: pay, pays, paid, paying for payment; shipped for shipment. */
    static boolean isVerbOf(String word, String entity) {
        if (!entity.endsWith("ment") || entity.length() < 7 || entity.contains(" ")) {
            return false;
        }
        String verb = entity.substring(0, entity.length() - 4);
        String doubled = verb + verb.charAt(verb.length() - 1);
        return word.equals(verb) || word.equals(verb + "s") || word.equals(verb + "ed") || word.equals(verb + "ing")
                || word.equals(doubled + "ed") || word.equals(doubled + "ing") || word.equals(IRREGULAR.get(verb));
    }

    private static final Set<String> HOW_MEASURES = Set.of("long", "often", "far", "old", "big", "soon", "late");
    /** "How much", "how many": the verb after says what is counted unless an entity is named first. */
    private static final Set<String> HOW_AMOUNTS = Set.of("much", "many");

    private static boolean namesAnyEntity(Token token, List<ToolSpec> tools) {
        for (ToolSpec tool : tools) {
            String entity = entityOf(tool);
            if (entity != null && namesEntity(token.base(), entity)) {
                return true;
            }
        }
        return false;
    }
    /** Past forms that are not the verb plus "ed". */
    private static final Map<String, String> IRREGULAR = Map.of("pay", "paid");

    /**
     * The routed tools of people a "who" asks for ({@link #askedByWho}): "Who placed order O-7402?"
     * asks for the customer the order names, though no word of it names a customer.
     */
    static Set<String> askedByWho(String question, List<ToolSpec> tools) {
        List<Token> tokens = tokens(question);
        if (tokens.isEmpty()) {
            return Set.of();
        }
        return askedByWho(tokens, tools, entitiesOfFields(tools), entitiesOfHeads(tokens, tools)).keySet();
    }

    /**
     * "Who opened ticket T-1019?", "Whose order is O-5052?", "call back whoever opened T-4288": a
     * sentence that opens with "who", "whom" or "whose", or a "whoever", asks for a person (the rule of
     * {@link PersonEntities#asksWho}, which the router reads too), so the routed entities of
     * people (customers, users, members, ...) that the sentence does not name are asked for at the
     * place of the "who".
     */
    private static Map<String, Integer> askedByWho(List<Token> tokens, List<ToolSpec> tools,
                                                   Map<String, Set<String>> entitiesOfField,
                                                   Map<String, Set<String>> entitiesOfHead) {
        Map<String, Integer> asked = new HashMap<>();
        int request = tokens.isEmpty() ? -1 : tokens.get(tokens.size() - 1).requestSentence();
        for (int start = 0; start < tokens.size(); start++) {
            Token who = tokens.get(start);
            boolean opens = start == 0 || tokens.get(start - 1).sentence() != who.sentence();
            // "Call back whoever opened T-4288": "whoever" names the person asked for wherever it stands.
            if (!(opens && PersonEntities.OPENS_WHO.contains(who.lower())) && !who.lower().equals("whoever")) {
                continue;
            }
            for (ToolSpec tool : tools) {
                String entity = entityOf(tool);
                if (entity == null || !describesPeople(tool)) {
                    continue;
                }
                boolean named = false;
                for (int i = start + 1; i < tokens.size() && tokens.get(i).sentence() == who.sentence(); i++) {
                    named |= names(tokens.get(i), entity, entitiesOfField, entitiesOfHead);
                }
                if (!named) {
                    asked.putIfAbsent(tool.name(), who.sentence() == request ? start : OUTSIDE_REQUEST + start);
                }
            }
        }
        return asked;
    }

    /**
     * An entity named as people are ("customer", "user", "member", ...). Its output fields do not say
     * it: they are flattened, so an issue with an author's login and e-mail would look like a person.
     */
    private static boolean describesPeople(ToolSpec tool) {
        String entity = entityOf(tool);
        return entity != null && isPerson(entity);
    }

    /** An entity named as people are ({@link PersonEntities}). */
    static boolean isPerson(String entity) {
        return PersonEntities.isPerson(entity);
    }

    private static Placement placement(ToolSpec tool, List<Token> tokens, Set<String> entities,
                                       Map<String, Set<String>> entitiesOfField,
                                       Map<String, Set<String>> entitiesOfHead, Set<Integer> subjects) {
        String entity = entityOf(tool);
        if (entity == null) {
            return new Placement(Role.UNMENTIONED, Integer.MAX_VALUE);
        }
        boolean qualified = false;
        int asked = Integer.MAX_VALUE;
        int qualifiedInRequest = Integer.MAX_VALUE;
        int request = tokens.get(tokens.size() - 1).requestSentence();
        boolean severalSentences = tokens.get(tokens.size() - 1).sentence() > 0;
        for (int i = 0; i < tokens.size(); i++) {
            int words = mentionLength(tokens, i, entity, entitiesOfField, entitiesOfHead);
            if (words == 0) {
                continue;
            }
            // "the invoice's customer": a possessive names whose, not what; "build artifacts": a noun
            // before another entity's noun says which kind, the last noun is what is asked for.
            if (!qualifying(tokens, i, entities) && !tokens.get(i + words - 1).possessive() && !subjects.contains(i)
                    && !modifiesNextNoun(tokens, i + words, entity, entities)) {
                // The request's own mention counts ("T-1024 mentions an order; show me that order").
                asked = Math.min(asked, tokens.get(i).sentence() == request ? i : OUTSIDE_REQUEST + i);
            } else {
                qualified = true;
                if (severalSentences && tokens.get(i).sentence() == request) {
                    qualifiedInRequest = Math.min(qualifiedInRequest, i);
                }
            }
        }
        // "Ticket T-2877 is about an order: what products were on that order?": the sentences before
        // the request say which records; what the request names, even to qualify, is what it is about.
        if (asked >= OUTSIDE_REQUEST && qualifiedInRequest != Integer.MAX_VALUE) {
            return new Placement(Role.ASKED_FOR, OUTSIDE_REQUEST / 2 + qualifiedInRequest);
        }
        if (asked != Integer.MAX_VALUE) {
            return new Placement(Role.ASKED_FOR, asked);
        }
        return new Placement(qualified ? Role.QUALIFIER : Role.UNMENTIONED, Integer.MAX_VALUE);
    }

    /**
     * How many words, from {@code index}, name the entity: one as {@link #names} reads a word, or as
     * many as a hyphenated entity has parts ("public members" for {@code public-member}); 0 for none.
     */
    private static int mentionLength(List<Token> tokens, int index, String entity,
                                     Map<String, Set<String>> entitiesOfField, Map<String, Set<String>> entitiesOfHead) {
        if (names(tokens.get(index), entity, entitiesOfField, entitiesOfHead)) {
            return 1;
        }
        String[] parts = entity.split("-");
        if (parts.length < 2 || index + parts.length > tokens.size()) {
            return 0;
        }
        for (int part = 0; part < parts.length; part++) {
            Token token = tokens.get(index + part);
            boolean last = part == parts.length - 1;
            if (token.sentence() != tokens.get(index).sentence()
                    || !(last ? namesEntity(token.base(), parts[part]) : token.lower().equals(parts[part]))) {
                return 0;
            }
        }
        return parts.length;
    }

    /** Whether the word after a mention names another routed entity, so that the mention only says which kind. */
    private static boolean modifiesNextNoun(List<Token> tokens, int next, String entity, Set<String> entities) {
        Token modifier = tokens.get(next - 1);
        // "build artifacts", not "builds artifacts" nor "orders, invoices": a modifier is a bare singular noun.
        if (next >= tokens.size() || tokens.get(next).sentence() != modifier.sentence() || modifier.possessive()
                || modifier.marked() || !singular(modifier.base()).equals(modifier.base())) {
            return false;
        }
        String word = tokens.get(next).base();
        return entities.stream().anyMatch(other -> !other.equals(entity) && !other.contains("-")
                && namesEntity(word, other));
    }

    private static boolean names(Token token, String entity, Map<String, Set<String>> entitiesOfField,
                                 Map<String, Set<String>> entitiesOfHead) {
        String word = token.base();
        return namesEntity(word, entity)
                || Set.of(entity).equals(entitiesOfField.get(word.replace("-", "")))
                || Set.of(entity).equals(entitiesOfHead.get(word));
    }

    /**
     * In a yes/no question ("Does customer C-1014 have urgent tickets?", "Is the order of ... on an
     * invoice?"), or one whose question word is the object ("What did the customer buy in order
     * O-5010?"), the first entity named after the auxiliary is the subject the question is about; when
     * the same sentence names another entity afterwards, that one is asked for and the subject only
     * says whose.
     */
    private static Set<Integer> subjectsOfYesNoQuestions(List<Token> tokens, Set<String> entities,
                                                         Map<String, Set<String>> entitiesOfField,
                                                         Map<String, Set<String>> entitiesOfHead) {
        Set<Integer> subjects = new HashSet<>();
        for (int start = 0; start < tokens.size(); start++) {
            boolean opens = start == 0 || tokens.get(start - 1).sentence() != tokens.get(start).sentence();
            // "What did the customer buy": the question word is the object, the customer the subject;
            // "Where is the parcel of ...": the parcel is what is asked about.
            boolean afterObjectWord = start > 0 && OBJECT_QUESTION_WORDS.contains(tokens.get(start - 1).lower())
                    && (start == 1 || tokens.get(start - 2).sentence() != tokens.get(start).sentence())
                    && DO_OR_HAVE.contains(tokens.get(start).lower());
            if (!(opens || afterObjectWord) || !AUXILIARIES.contains(tokens.get(start).lower())) {
                continue;
            }
            if (start + 1 < tokens.size() && tokens.get(start + 1).lower().equals("there")) {
                continue; // "Is there an order for customer C-1?": the order is asked for, not a subject.
            }
            String subject = null;
            int subjectAt = -1;
            for (int i = start + 1; i < tokens.size() && tokens.get(i).sentence() == tokens.get(start).sentence(); i++) {
                for (String entity : entities) {
                    if (!names(tokens.get(i), entity, entitiesOfField, entitiesOfHead)) {
                        continue;
                    }
                    if (subject == null) {
                        subject = entity;
                        subjectAt = i;
                    } else if (!subject.equals(entity) && !qualifying(tokens, i, entities)) {
                        subjects.add(subjectAt);
                    }
                }
            }
        }
        return subjects;
    }

    /**
     * Whether the word at {@code index} follows a preposition, across modifiers and names; "in" only
     * where it ties one entity to another ("the order in that ticket"), not after a verb ("what did
     * the customer buy in order O-5010?" asks what is in the order).
     */
    private static boolean qualifying(List<Token> tokens, int index, Set<String> entities) {
        for (int i = index - 1; i >= 0; i--) {
            Token token = tokens.get(i);
            if (PREPOSITIONS.contains(token.lower())) {
                return true;
            }
            if (token.lower().equals("in")) {
                boolean sameSentence = i > 0 && tokens.get(i - 1).sentence() == token.sentence();
                String before = sameSentence ? tokens.get(i - 1).base() : "";
                return entities.stream().anyMatch(entity -> namesEntity(before, entity));
            }
            boolean skippable = MODIFIERS.contains(token.lower()) || token.capitalized()
                    || token.possessive() || token.lower().matches("\\d+");
            if (!skippable) {
                return false;
            }
        }
        return false;
    }

    /** Output fields by the routed entities whose records carry them (a field that names a routed entity aside). */
    private static Map<String, Set<String>> entitiesOfFields(List<ToolSpec> tools) {
        Set<String> routedEntities = new HashSet<>();
        tools.forEach(tool -> {
            if (entityOf(tool) != null) {
                routedEntities.add(entityOf(tool));
            }
        });
        Map<String, Set<String>> entities = new HashMap<>();
        for (ToolSpec tool : tools) {
            String entity = entityOf(tool);
            if (entity != null) {
                for (String field : tool.outputFields()) {
                    String word = field.toLowerCase(Locale.ROOT);
                    // "Commits of pull request 310" asks for commits, not for a pull request's count of them:
                    // a word that names a routed entity names that entity, never another one's field.
                    if (routedEntities.stream().noneMatch(routed -> namesEntity(word, routed))) {
                        entities.computeIfAbsent(word, f -> new HashSet<>()).add(entity);
                    }
                }
            }
        }
        return entities;
    }

    /** Words before a participle ("was billed on ..."), which is no head of a phrase. */
    private static final Set<String> BE_OR_HAVE = Set.of("is", "are", "was", "were", "be", "been", "being", "has",
            "have", "had", "get", "got", "gets");

    /**
     * The heads of "X of ..." phrases that name no routed entity, by the entities whose tools'
     * descriptions use the word ("parcel": the shipments' descriptions alone; not "billed" in "who was
     * billed on ...").
     */
    private static Map<String, Set<String>> entitiesOfHeads(List<Token> tokens, List<ToolSpec> tools) {
        Map<String, Set<String>> entities = new HashMap<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String head = tokens.get(i).base();
            boolean verb = i > 0 && BE_OR_HAVE.contains(tokens.get(i - 1).lower());
            if (!PREPOSITIONS.contains(tokens.get(i + 1).lower()) || GENERIC_HEADS.contains(head)
                    || PREPOSITIONS.contains(head) || MODIFIERS.contains(head) || head.length() < 3 || verb) {
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

    /**
     * The word, in the singular, is the entity or the word the entity abbreviates ("repository" for
     * {@code repo}, "organization" for {@code org}: a fixed list, since a prefix alone would make
     * "committed" a commit and "shipping" a ship).
     */
    /** Whether any word of the question names the entity's head ("repositories" names {@code repo}). */
    static boolean mentions(String question, String head) {
        for (String word : question.toLowerCase(Locale.ROOT).split("[^\\p{L}]+")) {
            if (!word.isEmpty() && namesEntity(word, head)) {
                return true;
            }
        }
        return false;
    }

    static boolean namesEntity(String word, String entity) {
        String singular = singular(word);
        return word.equals(entity) || singular.equals(entity) || entity.equals(EntityWords.abbreviationOf(singular));
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
     * sentence, the turn's last request sentence, and whether a comma or other mark follows it (a list's
     * item ends there: "orders, invoices and payments").
     */
    private record Token(String lower, String base, boolean capitalized, boolean possessive, int sentence,
                         int requestSentence, boolean marked) {
    }

    /** Marks that end a phrase inside a sentence. */
    private static final String MARKS = ",;:()[]/\"“”";

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
            boolean wanted = FIRST_PERSON_REQUEST.matcher(text.toLowerCase(Locale.ROOT)).find();
            if (text.endsWith("?") || imperative || wanted) {
                request = s;
            }
        }
        for (int s = 0; s < sentences.size(); s++) {
            String sentence = sentences.get(s);
            Matcher matcher = WORD.matcher(sentence);
            boolean sentenceStart = true;
            while (matcher.find()) {
                String word = matcher.group();
                String lower = word.toLowerCase(Locale.ROOT).replace('’', '\'');
                boolean possessive = lower.endsWith("'s");
                boolean marked = matcher.end() < sentence.length()
                        && MARKS.indexOf(sentence.charAt(matcher.end())) >= 0;
                tokens.add(new Token(lower, possessive ? lower.substring(0, lower.length() - 2) : lower,
                        Character.isUpperCase(word.charAt(0)) && !sentenceStart, possessive, s, request, marked));
                sentenceStart = false;
            }
        }
        return tokens;
    }
}
