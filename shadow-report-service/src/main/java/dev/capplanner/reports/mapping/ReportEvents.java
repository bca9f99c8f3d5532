package dev.capplanner.reports.mapping;

import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.ValueSource;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.reports.masking.PlanVocabulary;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.shadow.PlanShape;
import dev.capplanner.reports.shadow.ReportSignals;
import dev.capplanner.reports.shadow.ShadowReport;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns a comparison event into a report, masking every value on the way (rule "mask before
 * storing"): the question, both plans and the fallback reason. Candidate names are tool names.
 */
public final class ReportEvents {

    /** The names the plan contract gives its members, at any depth (a planner's argument named like one is no one's data either). */
    static final Set<String> PLAN_MEMBERS = Stream.of(Plan.class, PlannedAction.class, ValueSource.class)
            .flatMap(type -> Arrays.stream(type.getRecordComponents())).map(RecordComponent::getName)
            .collect(Collectors.toUnmodifiableSet());
    static final Set<String> PLAN_OUTCOMES = Set.of(Plan.OUTCOME_ACTIONS, Plan.OUTCOME_INSUFFICIENT, Plan.OUTCOME_HELP,
            Plan.OUTCOME_REFUSED);
    static final Set<String> PLANNERS = Set.of(Plan.CLASSIC, Plan.CAPABILITY);

    private final ReportMasker masker;

    public ReportEvents(ReportMasker masker) {
        this.masker = masker;
    }

    public ShadowReport fromComparison(ShadowCompared event, Instant storedAt) {
        Object classic = RunEventJson.toMap(event.classicPlan());
        Object capability = RunEventJson.toMap(event.capabilityPlan());
        ReportMasker.Context masking = masker.forReport(event.run().tenantId(), event.question(),
                List.of(classic, capability), event.candidates(), vocabulary(event.candidates()));
        Object maskedClassic = masking.tree(classic);
        Object maskedCapability = masking.tree(capability);
        String fallbackReason = masking.text(event.fallbackReason());
        String plannerNote = masking.text(event.plannerNote());
        ReportSignals signals = ReportSignals.of(event.agreement(), shape(maskedClassic), shape(maskedCapability),
                event.candidates(), plannerNote, fallbackReason, event.rejectedProposals());
        return new ShadowReport(event.eventId(), event.run().runId(), event.run().iteration(), event.run().turnId(),
                event.run().conversationId(), event.run().tenantId(), event.run().projectId(), event.mode(),
                event.occurredAt(), storedAt, event.snapshot().hash(), event.snapshot().sizeBytes(),
                masking.written(event.question()), List.copyOf(event.candidates()), maskedClassic, maskedCapability,
                event.agreement(), event.capabilityLatencyMs(), fallbackReason, event.promptTokens(), plannerNote, null)
                .withSignals(signals);
    }

    /**
     * The plans' own words: member names, outcomes and planners, and the route's capability names as
     * tools (a tool outside the route is masked like any text: a model may have written anything there).
     */
    static PlanVocabulary vocabulary(List<String> route) {
        return new PlanVocabulary(PLAN_MEMBERS, Map.of("outcome", PLAN_OUTCOMES, "planner", PLANNERS,
                "tool", Set.copyOf(route)));
    }

    /** A (masked) plan's outcome, tools and arguments: pseudonyms compare equal where the values did. */
    @SuppressWarnings("unchecked")
    static PlanShape shape(Object plan) {
        Map<String, Object> tree = plan instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        List<String> tools = new ArrayList<>();
        List<Map<String, Object>> arguments = new ArrayList<>();
        if (tree.get("actions") instanceof List<?> actions) {
            for (Object action : actions) {
                if (action instanceof Map<?, ?> call) {
                    tools.add(String.valueOf(call.get("tool")));
                    arguments.add(call.get("arguments") instanceof Map<?, ?> args ? (Map<String, Object>) args : Map.of());
                }
            }
        }
        return new PlanShape(tree.get("planner") == null ? null : String.valueOf(tree.get("planner")),
                String.valueOf(tree.getOrDefault("outcome", "actions")), tools, arguments,
                tree.get("reason") == null ? null : String.valueOf(tree.get("reason")));
    }
}
