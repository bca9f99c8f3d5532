package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.EntityWords;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which routed tools the planner tries to answer with, in which order: the tools the router ranked
 * for the question (a tool added only to find an identifier is a step, not an answer), those of the
 * entity the question asks for first, the first named first ({@link QuestionFocus}: in "which customer
 * opened ticket T-1001" the customer, not the ticket), then the rest in rank order; and a question
 * asking for an entity in the plural ("show the orders for ...", "ten latest releases") is not
 * answered by a tool of one such record (its detail, or a get such as the latest release) while a
 * list or search of it is routed, nor a question asking for one ("show me that
 * order") by a list (a search stays) while its detail tool is routed. A capability plan is a target only when the
 * router ranked it first: ranked lower, the question is not the one it decides.
 */
final class TargetOrder {

    private TargetOrder() {
    }

    static List<ToolSpec> of(String question, List<ToolSpec> routed) {
        List<ToolSpec> ranked = routed.stream().filter(ToolSpec::ranked).toList();
        List<ToolSpec> scored = ranked.isEmpty() ? routed : ranked;
        // A capability plan answers the question it was written for: only when the router ranked it first.
        List<ToolSpec> candidates = new ArrayList<>(scored.stream()
                .filter(tool -> !tool.decides() || tool == scored.get(0)).toList());
        List<ToolSpec> readersAskedByWho = readersOfPeopleAskedByWho(question, routed, candidates);
        candidates.addAll(readersAskedByWho);
        candidates.addAll(findersOfEntitiesOnlyTheyRead(question, routed, candidates));
        Map<String, QuestionFocus.Placement> focus = QuestionFocus.of(question, candidates);
        List<ToolSpec> askedForFirst = new ArrayList<>(candidates);
        // Tools asked for at the same place: the reader the router routed for a "who" (unranked: no word
        // ranked it) first, "who opened issue 1234" asks for the person the issue names, not someone's followers.
        askedForFirst.sort(Comparator.comparingInt((ToolSpec tool) -> {
            QuestionFocus.Placement placement = focus.get(tool.name());
            return placement.role() == QuestionFocus.Role.ASKED_FOR ? placement.position() : Integer.MAX_VALUE;
        }).thenComparing(tool -> !readersAskedByWho.contains(tool)));
        readPersonsRecordsFirst(question, askedForFirst, readersAskedByWho, focus);
        List<ToolSpec> first = new ArrayList<>();
        List<ToolSpec> later = new ArrayList<>();
        for (ToolSpec tool : askedForFirst) {
            boolean oneRecord = "detail".equals(tool.operation()) || "get".equals(tool.operation());
            boolean detailOfAPlural = oneRecord && asksForMany(question, tool.entity())
                    && candidates.stream().anyMatch(other -> sameEntity(other, tool)
                            && ("list".equals(other.operation()) || "search".equals(other.operation()))
                            && readsTheSameScope(other, tool));
            // A search stays: "search for a customer named ..." is answered by the search itself.
            boolean listOfASingular = "list".equals(tool.operation()) && asksForOne(question, tool.entity())
                    && candidates.stream().anyMatch(other -> sameEntity(other, tool) && "detail".equals(other.operation()));
            (detailOfAPlural || listOfASingular ? later : first).add(tool);
        }
        first.addAll(later);
        readRecordsForTheirFields(question, first, candidates);
        return first;
    }

    /**
     * The route's unranked readers of one person that a "who" asks for: no word of "Who placed order
     * O-7402?" ranks the customer's detail (the router routes it for the person the order names), yet
     * it is the answer. A finder (a search or list) stays a step.
     */
    private static List<ToolSpec> readersOfPeopleAskedByWho(String question, List<ToolSpec> routed,
                                                            List<ToolSpec> candidates) {
        List<ToolSpec> unranked = routed.stream().filter(tool -> !candidates.contains(tool) && !tool.ranked()
                && !tool.decides() && ("detail".equals(tool.operation()) || "get".equals(tool.operation()))).toList();
        if (unranked.isEmpty()) {
            return List.of();
        }
        java.util.Set<String> asked = QuestionFocus.askedByWho(question, unranked);
        return unranked.stream().filter(tool -> asked.contains(tool.name())).toList();
    }

    /**
     * "Show the order lines of her latest order": the question names a field the records of one tool
     * carry and the other's rows lack (an order's {@code lines}, which a customer's order list does
     * not give), so the list is a step to the record, not the answer. Both must declare their fields.
     */
    private static boolean asksForAFieldOnlyIn(String question, ToolSpec one, ToolSpec list, List<ToolSpec> candidates) {
        if (one.outputFields().isEmpty() || list.outputFields().isEmpty()) {
            return false;
        }
        java.util.Set<String> listed = new java.util.HashSet<>();
        list.outputFields().forEach(field -> listed.add(field.toLowerCase(Locale.ROOT)));
        for (String word : question.toLowerCase(Locale.ROOT).split("[^\\p{L}]+")) {
            // "Tags of the repository": a word that names a routed entity names it, not a field of another.
            if (word.length() < 3 || candidates.stream().anyMatch(tool -> tool.entity() != null
                    && QuestionFocus.namesEntity(word, EntityWords.head(tool.entity())))) {
                continue;
            }
            for (String field : one.outputFields()) {
                String lower = field.toLowerCase(Locale.ROOT);
                if (!listed.contains(lower) && !GENERIC_FIELDS.contains(lower) && QuestionFocus.namesEntity(word, lower)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Fields most records carry under one name or another (a shipment's list gives its date as
     * {@code shippedOn}): asking for one says nothing about which tool's records lack it.
     */
    private static final java.util.Set<String> GENERIC_FIELDS = java.util.Set.of("date", "time", "status", "state",
            "type", "kind", "name", "id", "created", "updated", "title", "description", "url");

    /** The records' reader right before the list of the same entity whose rows lack the field asked for. */
    private static void readRecordsForTheirFields(String question, List<ToolSpec> ordered, List<ToolSpec> candidates) {
        for (ToolSpec list : List.copyOf(ordered)) {
            if (!"list".equals(list.operation())) {
                continue;
            }
            for (ToolSpec one : List.copyOf(ordered)) {
                boolean oneRecord = "detail".equals(one.operation()) || "get".equals(one.operation());
                if (oneRecord && sameEntity(one, list) && ordered.indexOf(one) > ordered.indexOf(list)
                        && !asksForMany(question, list.entity()) && asksForAFieldOnlyIn(question, one, list, candidates)) {
                    ordered.remove(one);
                    ordered.add(ordered.indexOf(list), one);
                }
            }
        }
    }

    /**
     * "Who opened issue #1000, and what repositories does that person have?": the person is a step
     * to what the question asks of them. A tool asked for that takes the same key as the person's
     * reader (a {@code username}) and reads another entity comes before the reader: the chain that
     * would fill the reader's key fills its key too; only when the question names that entity.
     */
    private static void readPersonsRecordsFirst(String question, List<ToolSpec> ordered, List<ToolSpec> readersAskedByWho,
                                                Map<String, QuestionFocus.Placement> focus) {
        for (ToolSpec reader : readersAskedByWho) {
            java.util.Set<String> key = new java.util.HashSet<>(reader.requiredInputs());
            key.removeAll(reader.hiddenInputs());
            if (key.isEmpty()) {
                continue;
            }
            List<ToolSpec> ofThePerson = ordered.stream().filter(tool -> tool != reader
                    && !readersAskedByWho.contains(tool) && tool.entity() != null && !sameEntity(tool, reader)
                    && QuestionFocus.mentions(question, EntityWords.head(tool.entity()))
                    && focus.get(tool.name()).role() == QuestionFocus.Role.ASKED_FOR
                    && tool.requiredInputs().stream().filter(input -> !tool.hiddenInputs().contains(input))
                            .collect(java.util.stream.Collectors.toSet()).equals(key)).toList();
            // Only those placed after the person move; one already before stays where it is.
            List<ToolSpec> after = ofThePerson.stream().filter(tool -> ordered.indexOf(tool) > ordered.indexOf(reader))
                    .toList();
            if (!after.isEmpty()) {
                ordered.removeAll(after);
                ordered.addAll(ordered.indexOf(reader), after);
            }
        }
    }

    /**
     * The route's unranked finders (a search, a list) of an entity no ranked tool reads, when the
     * question asks for that entity: "Ugo Santangelo: which city is he in?" asks for a customer's
     * city, and only the customer search the router added for the name reads customers.
     */
    private static List<ToolSpec> findersOfEntitiesOnlyTheyRead(String question, List<ToolSpec> routed,
                                                               List<ToolSpec> candidates) {
        List<ToolSpec> finders = routed.stream().filter(tool -> !candidates.contains(tool) && !tool.ranked()
                && !tool.decides() && tool.entity() != null
                && ("search".equals(tool.operation()) || "list".equals(tool.operation()))
                && candidates.stream().noneMatch(other -> sameEntity(other, tool))).toList();
        if (finders.isEmpty()) {
            return List.of();
        }
        List<ToolSpec> all = new ArrayList<>(candidates);
        all.addAll(finders);
        Map<String, QuestionFocus.Placement> focus = QuestionFocus.of(question, all);
        return finders.stream().filter(tool -> focus.get(tool.name()).role() == QuestionFocus.Role.ASKED_FOR).toList();
    }

    /**
     * Whether a list takes every input the one-record tool takes but the one that picks its record:
     * "the ten latest releases of nodejs/node" are the releases of the same repository as the latest
     * release; a topic search across GitHub is not the topics of one repository.
     */
    private static boolean readsTheSameScope(ToolSpec list, ToolSpec one) {
        java.util.Set<String> scope = new java.util.HashSet<>(one.requiredInputs());
        scope.removeAll(one.hiddenInputs());
        scope.removeIf(input -> picksOwnRecord(input, one.entity()));
        return list.requiredInputs().containsAll(scope);
    }

    /** {@code orderId} of an order, {@code issue_number} of an issue, {@code id}: the input that picks one record. */
    private static boolean picksOwnRecord(String input, String entity) {
        String name = input.toLowerCase(Locale.ROOT).replace("_", "");
        String own = entity == null ? "" : entity.toLowerCase(Locale.ROOT).replace(" ", "");
        return name.equals("id") || name.equals(own + "id") || NamedValues.nameWords(input).equals(List.of(own));
    }

    private static boolean sameEntity(ToolSpec one, ToolSpec other) {
        return one.entity() != null && one.entity().equalsIgnoreCase(other.entity());
    }

    /**
     * The entity named in the singular only, and not as the newest or first of several ("that order",
     * "shipment details", but not "her last order", which a list limited to one answers).
     */
    static boolean asksForOne(String question, String entity) {
        Named named = Named.in(question, entity);
        if (!named.singular() || named.plural()) {
            return false;
        }
        String word = Pattern.quote(entity.toLowerCase(Locale.ROOT));
        return !Pattern.compile("\\b(?:last|latest|newest|recent|first|oldest|earliest)\\s+(?:[\\p{L}-]+\\s+)?"
                + word + "\\b").matcher(question.toLowerCase(Locale.ROOT)).find();
    }

    /** The entity named in the plural, and not also in the singular. */
    static boolean asksForMany(String question, String entity) {
        Named named = Named.in(question, entity);
        return named.plural() && !named.singular();
    }

    /** Words ending in "s" that never continue a noun into a plural one ("which order does it concern"). */
    private static final java.util.Set<String> NOT_NOUNS = java.util.Set.of("is", "was", "has", "does", "its", "his",
            "this", "thus", "as", "us", "yes", "plus", "unless", "across", "always", "perhaps", "whereas");

    /** Words after an entity's that make it a collection of such records ("order history"). */
    private static final java.util.Set<String> COLLECTION_HEADS = java.util.Set.of("history", "histories");

    /** Whether the question names the entity in the singular, in the plural. */
    private record Named(boolean singular, boolean plural) {

        static Named in(String question, String entity) {
            if (entity == null || entity.isBlank()) {
                return new Named(false, false);
            }
            String word = Pattern.quote(entity.toLowerCase(Locale.ROOT));
            String text = question.toLowerCase(Locale.ROOT);
            boolean singular = false;
            java.util.regex.Matcher mention = Pattern.compile("\\b" + word + "\\b(?:\\s+(\\p{L}+))?").matcher(text);
            boolean collection = false;
            while (mention.find()) {
                String next = mention.group(1);
                // "C-4150's order history" is the orders, several of them.
                if (next != null && COLLECTION_HEADS.contains(next)) {
                    collection = true;
                    continue;
                }
                // "pull requests" is several, though its first word is the entity "pull"; "shipment details" is one.
                singular |= next == null || !next.endsWith("s") || QuestionFocus.GENERIC_HEADS.contains(next)
                        || NOT_NOUNS.contains(next);
            }
            // "one of our customers" is one customer, not several.
            String oneOf = "\\bone\\s+of\\s+(?:the|our|your|their|his|her|its|my)\\s+" + word + "(?:s|es)\\b";
            singular |= Pattern.compile(oneOf).matcher(text).find();
            boolean plural = collection
                    || Pattern.compile("\\b" + word + "(s|es)\\b").matcher(text.replaceAll(oneOf, " ")).find();
            return new Named(singular, plural);
        }
    }
}
