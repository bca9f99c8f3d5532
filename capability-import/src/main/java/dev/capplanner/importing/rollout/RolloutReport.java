package dev.capplanner.importing.rollout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The per-capability rollout report: for every capability, what keeps it from multi-step plans,
 * what that blocks (the chains through it) and how to fix it. Inference (a relationship guessed from
 * names, a result whose shape the planner learns by calling) is a fallback, not a contract: a
 * capability that relies on it is reported, not hidden.
 */
public final class RolloutReport {

    /** Operations whose result is a collection to choose a row from. */
    private static final Set<String> COLLECTION_OPERATIONS = Set.of("list", "search");
    /** An input that names one record: {@code id}, {@code orderId}, {@code order_id}, {@code orderID}. */
    private static final Pattern IDENTIFIER = Pattern.compile("id|ID|.*[a-z0-9](Id|ID)|.*_(id|ID)");

    private RolloutReport() {
    }

    /** The blockers of every capability, in the subjects' order, each capability's in a fixed order of kinds. */
    public static List<RolloutBlocker> of(List<RolloutSubject> subjects) {
        Map<String, List<String>> consumersOf = new LinkedHashMap<>();
        for (RolloutSubject subject : subjects) {
            for (RolloutSubject.Feed feed : subject.feeds()) {
                List<String> consumers = consumersOf.computeIfAbsent(feed.provider(), p -> new ArrayList<>());
                if (!consumers.contains(subject.name())) {
                    consumers.add(subject.name());
                }
            }
        }
        List<RolloutBlocker> blockers = new ArrayList<>();
        for (RolloutSubject subject : subjects) {
            List<String> consumers = consumersOf.getOrDefault(subject.name(), List.of());
            if (subject.reviewHold() != null) {
                blockers.add(new RolloutBlocker(subject.name(), RolloutBlocker.HELD, null,
                        "every plan through it: it enters no snapshot until an operator approves it ("
                                + subject.reviewHold() + ")",
                        "check that it only reads, then approve it through the admin API, or annotate it at the"
                                + " source (readOnlyHint, a read method)"));
            }
            if (!subject.declaresOutput()) {
                blockers.add(new RolloutBlocker(subject.name(), RolloutBlocker.NO_OUTPUT_SCHEMA, null,
                        consumers.isEmpty()
                                ? "any plan that takes a value from its result: the planner must call it and re-plan"
                                        + " from what it returned"
                                : "the chains into " + String.join(", ", consumers) + ": the values they take from its"
                                        + " result are inferred, not declared",
                        "declare its result's JSON Schema at the source (the OpenAPI response's content schema, the"
                                + " MCP tool's outputSchema)"));
            }
            if (COLLECTION_OPERATIONS.contains(subject.operation()) && subject.collectionPath() == null) {
                blockers.add(new RolloutBlocker(subject.name(), RolloutBlocker.NO_COLLECTION_PATH, null,
                        "choosing one of its rows (a selection card) and any step that takes a value per row",
                        "declare its result as an object whose one array holds the records (a page such as"
                                + " {\"items\": [...]}): a bare array or an undeclared result has no collection path"));
            }
            for (String input : subject.requiredInputs()) {
                boolean fed = subject.feeds().stream().anyMatch(feed -> feed.input().equals(input));
                if (IDENTIFIER.matcher(input).matches() && !fed) {
                    blockers.add(new RolloutBlocker(subject.name(), RolloutBlocker.UNFED_IDENTIFIER, input,
                            "every question that does not give " + input + " itself: no capability's result"
                                    + " provides it, so no plan can look it up first",
                            "import a search or list that returns it, with an output schema that declares the"
                                    + " field (or name the field as this input is named)"));
                }
            }
        }
        return blockers;
    }
}
