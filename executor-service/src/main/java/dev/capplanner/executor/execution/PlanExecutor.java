package dev.capplanner.executor.execution;

import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.Evidence;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.invocation.EndpointBinder;
import dev.capplanner.executor.invocation.ToolInvoker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Runs a plan's actions in order. Each action is authorized at the last mile, bound to its
 * endpoint, called, and summarized as evidence; the first denial or failure stops the plan, since
 * later actions may depend on it.
 */
public final class PlanExecutor {

    /** The turn-completed schema bounds the summary. */
    static final int MAX_SUMMARY = 2000;

    private final LastMileAuthorizer authorizer;
    private final EndpointBinder binder;
    private final ToolInvoker invoker;
    private final EvidenceSummarizer summarizer;

    public PlanExecutor(LastMileAuthorizer authorizer, EndpointBinder binder, ToolInvoker invoker,
                        EvidenceSummarizer summarizer) {
        this.authorizer = authorizer;
        this.binder = binder;
        this.invoker = invoker;
        this.summarizer = summarizer;
    }

    public CompletionStage<ExecutionReport> execute(PlanProposed proposed) {
        if (!proposed.plan().hasActions()) {
            String reason = proposed.plan().reason() == null ? "no actions planned" : proposed.plan().reason();
            return CompletableFuture.completedFuture(new ExecutionReport(List.of(), List.of(),
                    TurnCompleted.INSUFFICIENT, "Not enough to answer: " + reason));
        }
        Map<String, Grant> grants = new LinkedHashMap<>();
        proposed.grants().forEach(g -> grants.put(g.name(), g));
        Progress progress = new Progress();
        CompletionStage<Progress> chain = CompletableFuture.completedFuture(progress);
        for (PlannedAction action : proposed.plan().actions()) {
            chain = chain.thenCompose(p -> p.stopped() ? CompletableFuture.completedFuture(p) : run(action, proposed, grants, p));
        }
        return chain.thenApply(Progress::report);
    }

    private CompletionStage<Progress> run(PlannedAction action, PlanProposed proposed, Map<String, Grant> grants,
                                          Progress progress) {
        AuthorizationDecision decision = authorizer.check(action, proposed.run(), proposed.snapshot(), grants);
        if (!decision.allowed()) {
            progress.results.add(new ActionResult(action.id(), action.tool(), ActionResult.DENIED, null, null, null, null,
                    decision.reason(), 0L));
            progress.outcome = TurnCompleted.DENIED;
            return CompletableFuture.completedFuture(progress);
        }
        Grant grant = grants.get(action.tool());
        String pathAndQuery;
        try {
            pathAndQuery = binder.bind(grant.endpoint(), action.arguments());
        } catch (IllegalArgumentException e) {
            return failed(progress, action, null, e.getMessage(), 0);
        }
        long started = System.nanoTime();
        return invoker.invoke(grant.endpoint().service(), grant.endpoint().method(), pathAndQuery)
                .handle((response, error) -> {
                    long latencyMs = (System.nanoTime() - started) / 1_000_000;
                    if (error != null) {
                        return failedNow(progress, action, null, "call failed: " + rootCause(error), latencyMs);
                    }
                    if (!response.successful()) {
                        return failedNow(progress, action, response.status(), "HTTP " + response.status(), latencyMs);
                    }
                    Evidence evidence = summarizer.summarize(action.tool(), grant.outputCollectionPath(), response.body());
                    progress.evidence.add(evidence);
                    progress.results.add(new ActionResult(action.id(), action.tool(), ActionResult.OK, response.status(),
                            evidence.recordCount(), evidence.identifiers(), evidence.collectionPath(), null, latencyMs));
                    return progress;
                });
    }

    private static CompletionStage<Progress> failed(Progress progress, PlannedAction action, Integer status, String error,
                                                    long latencyMs) {
        return CompletableFuture.completedFuture(failedNow(progress, action, status, error, latencyMs));
    }

    private static Progress failedNow(Progress progress, PlannedAction action, Integer status, String error,
                                      long latencyMs) {
        progress.results.add(new ActionResult(action.id(), action.tool(), ActionResult.FAILED, status, null, null, null,
                error, latencyMs));
        progress.outcome = TurnCompleted.FAILED;
        return progress;
    }

    private static String rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }

    /** Mutable only inside one execution's sequential chain. */
    private static final class Progress {
        final List<ActionResult> results = new ArrayList<>();
        final List<Evidence> evidence = new ArrayList<>();
        String outcome;

        boolean stopped() {
            return outcome != null;
        }

        ExecutionReport report() {
            String finalOutcome = outcome == null ? TurnCompleted.ANSWERED : outcome;
            return new ExecutionReport(results, evidence, finalOutcome, summary(finalOutcome));
        }

        private String summary(String finalOutcome) {
            List<String> parts = new ArrayList<>();
            for (ActionResult result : results) {
                parts.add(switch (result.status()) {
                    case ActionResult.OK -> result.tool() + " returned " + result.recordCount() + " record(s)";
                    case ActionResult.DENIED -> result.tool() + " was denied: " + result.error();
                    default -> result.tool() + " failed: " + result.error();
                });
            }
            String summary = finalOutcome + ": " + String.join("; ", parts);
            return summary.length() <= MAX_SUMMARY ? summary : summary.substring(0, MAX_SUMMARY - 3) + "...";
        }
    }
}
