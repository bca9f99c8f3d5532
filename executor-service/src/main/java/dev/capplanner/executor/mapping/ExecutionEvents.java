package dev.capplanner.executor.mapping;

import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Evidence;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.OfferedCapability;
import dev.capplanner.contracts.events.PlanDecision;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.SelectionCard;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.RunIdentity;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.executor.evidence.CapabilityPlanVerdict;
import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.TakenRow;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.CapabilityPlanToRun;
import dev.capplanner.executor.request.ExecutionPlan;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.GrantedTool;
import dev.capplanner.executor.request.OutputReference;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.wording.ChoiceCard;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Between the plan event and the executor's own vocabulary, and from its report to the observation and completion events. */
public final class ExecutionEvents {

    /** The turn-completed schema bounds a help answer's list and each description. */
    static final int MAX_OFFERED = 100;
    static final int MAX_DESCRIPTION = 300;

    static final String OK = "ok";
    static final String DENIED = "denied";
    static final String FAILED = "failed";

    private ExecutionEvents() {
    }

    /**
     * The observation, sealed by this executor (the report service counts no calls it could not verify);
     * a plan with a continuation is echoed, for the planner to plan the next iteration from.
     */
    public static ActionsExecuted observed(PlanProposed plan, ExecutionReport report, FactSeals seals, Stamp stamp) {
        return seals.sealed(new ActionsExecuted(ActionsExecuted.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(),
                plan.run(), report.results().stream().map(ExecutionEvents::result).toList(),
                new ExternalCalls(plan.plan().planner(), report.sentCalls(), report.deniedCalls(),
                        report.planVerdicts().stream().map(ExecutionEvents::decision).toList()),
                plan.continues() ? plan : null));
    }

    /** The summary, saying which requested filters were not applied (the user asked for them, no call accepts them). */
    static String withUnmapped(String summary, List<String> unmapped) {
        if (unmapped == null || unmapped.isEmpty()) {
            return summary;
        }
        String told = summary.endsWith(".")
                ? summary + " Not filtered by " + String.join(", ", unmapped) + ": no capability that answered accepts it."
                : summary + "; not filtered by " + String.join(", ", unmapped) + ": no capability that answered accepts it";
        return told.length() <= PlanExecutor.MAX_SUMMARY ? told : summary;
    }

    /**
     * The help a plan asked for: nothing ran; the capabilities are the run's verified snapshot, listed
     * (but what is in shadow: nothing the user can be answered from yet).
     */
    public static List<RunEvent> help(PlanProposed plan, List<Capability> snapshot, FactSeals seals, Stamp observed,
                                      Stamp completed) {
        List<OfferedCapability> offered = snapshot.stream().filter(c -> !Capability.inShadow(c)).limit(MAX_OFFERED)
                .map(c -> new OfferedCapability(c.name(), c.entity(), c.operation(), shortened(c.description())))
                .toList();
        return List.of(nothingSent(plan, seals, observed), new TurnCompleted(TurnCompleted.SCHEMA_VERSION,
                completed.eventId(), completed.occurredAt(), plan.run(), TurnCompleted.HELP, plan.plan().reason(), List.of(), offered, null,
                null));
    }

    /** A refused command: nothing ran; the read-only alternative is named, not called. */
    public static List<RunEvent> refused(PlanProposed plan, FactSeals seals, Stamp observed, Stamp completed) {
        return List.of(nothingSent(plan, seals, observed), new TurnCompleted(TurnCompleted.SCHEMA_VERSION,
                completed.eventId(), completed.occurredAt(), plan.run(), TurnCompleted.REFUSED, plan.plan().reason(),
                List.of(), null, plan.plan().alternative(), null));
    }

    private static ActionsExecuted nothingSent(PlanProposed plan, FactSeals seals, Stamp stamp) {
        return seals.sealed(new ActionsExecuted(ActionsExecuted.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(),
                plan.run(), List.of(), new ExternalCalls(plan.plan().planner(), 0, 0)));
    }

    private static String shortened(String description) {
        if (description == null) {
            return null;
        }
        return description.length() <= MAX_DESCRIPTION ? description : description.substring(0, MAX_DESCRIPTION - 1) + "…";
    }

    public static TurnCompleted completed(PlanProposed plan, ExecutionReport report, Stamp stamp) {
        return new TurnCompleted(TurnCompleted.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), plan.run(),
                report.outcome().wireName(), withUnmapped(report.summary(), plan.plan().unmapped()),
                evidence(report), null, null, report.selectableHandle().orElse(null), card(report.choiceCard()));
    }

    private static SelectionCard card(ChoiceCard card) {
        return card == null ? null : new SelectionCard(card.entity(), card.matched(), card.columns(), card.differBy(),
                card.options().stream().map(o -> new SelectionCard.Option(o.row(), o.values())).toList());
    }

    /**
     * The plan event in the executor's words, with the tools of the verified snapshot: the grants the
     * plan event lists itself are never read.
     */
    public static ExecutionRequest request(PlanProposed proposed, List<Capability> snapshot) {
        Map<String, GrantedTool> grants = new LinkedHashMap<>();
        RunScope owner = new RunScope(proposed.snapshot().tenantId(), proposed.snapshot().projectId());
        snapshot.forEach(c -> grants.put(c.name(), new GrantedTool(c.name(), c.readOnly(),
                new ToolEndpoint(c.endpoint().service(), c.endpoint().method(), c.endpoint().path(), owner), c.inputSchema(),
                c.outputCollectionPath(), c.outputSchema(), c.entity(),
                c.plan() == null ? null : CapabilityPlanToRun.compiledWhenRun(() -> CapabilityPlanCompiler.compile(c.plan())),
                c.outputFields(), Capability.inShadow(c))));
        ExecutionPlan plan = proposed.plan().hasActions()
                ? new ExecutionPlan.Calls(proposed.plan().actions().stream()
                        .map(ExecutionEvents::call).toList(), proposed.plan().selectionFor())
                : new ExecutionPlan.Insufficient(proposed.plan().reason() == null ? "no actions planned"
                        : proposed.plan().reason());
        Principal principal = proposed.run().principal();
        return new ExecutionRequest(scope(proposed.run()), new RunPrincipal(principal.userId(), principal.roles()),
                proposed.run().conversationId(), new RunScope(proposed.snapshot().tenantId(), proposed.snapshot().projectId()), grants, plan,
                proposed.run().runId(), RunIdentity.keyOf(proposed.run()), proposed.run().iteration(),
                proposed.run().scope() == null ? Map.of() : proposed.run().scope().asRunContext());
    }

    private static CallRequest call(PlannedAction action) {
        Map<String, OutputReference> from = new LinkedHashMap<>();
        action.from().forEach((argument, source) -> from.put(argument, new OutputReference(source.action(), source.path())));
        return new CallRequest(action.id(), action.tool(), action.arguments(), from, action.fansOut(),
                action.dependsOn());
    }

    private static RunScope scope(RunContext run) {
        return new RunScope(run.tenantId(), run.projectId());
    }

    static ActionResult result(CallOutcome outcome) {
        if (outcome instanceof CallOutcome.Succeeded ok) {
            EvidenceSummary evidence = ok.evidence();
            return new ActionResult(ok.actionId(), ok.tool(), OK, ok.httpStatus(), evidence.recordCount(),
                    evidence.identifiers(), evidence.collectionPath(), null, ok.latencyMs(), null, evidence.observed());
        }
        if (outcome instanceof CallOutcome.Denied denied) {
            return new ActionResult(denied.actionId(), denied.tool(), DENIED, null, null, List.of(), null,
                    denied.reason(), 0L);
        }
        CallOutcome.Failed failed = (CallOutcome.Failed) outcome;
        return new ActionResult(failed.actionId(), failed.tool(), FAILED, failed.httpStatus(), null, List.of(), null,
                failed.error(), failed.latencyMs(), failed.kind().wireName());
    }

    /**
     * Each call's evidence in call order: what an answered call returned (with the row of its collection
     * a later call took, when it took one), a failed call's normalized class (rule "evidence envelope":
     * selected row, normalized errors); a refused call is no evidence (the summary says it was denied).
     */
    static List<Evidence> evidence(ExecutionReport report) {
        return report.results().stream().<Evidence>mapMulti((result, into) -> {
            if (result instanceof CallOutcome.Succeeded ok) {
                TakenRow taken = report.takenRows().get(ok.actionId());
                into.accept(evidence(ok.evidence()).withSelectedRow(taken != null
                        && taken.of(ok.evidence().collectionPath()) ? taken.row() : null));
            } else if (result instanceof CallOutcome.Failed failed) {
                into.accept(Evidence.failed(failed.tool(), failed.kind().wireName()));
            }
        }).toList();
    }

    static Evidence evidence(EvidenceSummary summary) {
        return new Evidence(summary.tool(), summary.recordCount(), summary.identifiers(), summary.collectionPath(),
                summary.data(), summary.handle(), summary.truncated(),
                summary.plan() == null ? null : decision(summary.plan()));
    }

    private static PlanDecision decision(CapabilityPlanVerdict verdict) {
        return new PlanDecision(verdict.plan(), verdict.version(), verdict.decision(), verdict.reasons());
    }
}
