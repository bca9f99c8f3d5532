package dev.capplanner.executor.execution;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.executor.authorization.ArgumentSchemaCheck;
import dev.capplanner.executor.authorization.CallVerdict;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionPlan;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.GrantedTool;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Runs a plan's actions, each after the actions it depends on, independent ones concurrently. Each
 * action's {@code $from} arguments are taken from the results of the calls it depends on (exactly one
 * value each, or the call is not made), then it is authorized at the last mile with its complete
 * arguments, called on its endpoint (HTTP or MCP), and summarized as evidence; a denial or failure
 * stops the plan after the actions running beside it, since later actions may depend on it.
 * A call already made by an earlier delivery of the same plan (same run, iteration and action, in
 * the {@link CallLedger}) is not made again: its recorded response is used (rule "exactly-once calls").
 */
public final class PlanExecutor {

    /** The turn-completed schema bounds the summary. */
    public static final int MAX_SUMMARY = 2000;

    private final LastMileAuthorizer authorizer;
    private final EvidenceSummarizer summarizer;
    private final LedgeredCalls calls;
    private final CapabilityPlanRuns plans;
    private final FanOutGate fanOutGate;
    private final ArtifactStore artifacts;
    private final ArgumentSchemaCheck outputSchemas;

    /** An executor that remembers no call (every delivery calls again), fans nothing out, keeps no artifact. */
    public PlanExecutor(LastMileAuthorizer authorizer, ToolInvoker invoker, EvidenceSummarizer summarizer) {
        this(authorizer, invoker, summarizer, ExecutionPolicy.PLAIN);
    }

    public PlanExecutor(LastMileAuthorizer authorizer, ToolInvoker invoker, EvidenceSummarizer summarizer,
                        ExecutionPolicy policy) {
        this.authorizer = authorizer;
        this.summarizer = summarizer;
        this.calls = new LedgeredCalls(invoker, policy.ledger(), policy.busyPatience());
        this.plans = new CapabilityPlanRuns(authorizer, calls, policy.artifacts());
        this.fanOutGate = policy.fanOutGate();
        this.artifacts = policy.artifacts();
        this.outputSchemas = policy.outputSchemas();
    }

    public CompletionStage<ExecutionReport> execute(ExecutionRequest request) {
        return execute(request, CallObserver.NONE);
    }

    /** Runs the plan, telling {@code observer} of every call it sends. */
    public CompletionStage<ExecutionReport> execute(ExecutionRequest request, CallObserver observer) {
        if (request.plan() instanceof ExecutionPlan.Insufficient insufficient) {
            return CompletableFuture.completedFuture(new ExecutionReport(List.of(), TurnOutcome.INSUFFICIENT,
                    "Not enough to answer: " + insufficient.reason()));
        }
        ExecutionPlan.Calls calls = (ExecutionPlan.Calls) request.plan();
        ExecutionProgress progress = new ExecutionProgress(observer);
        return waves(new ArrayList<>(calls.calls()), request, progress)
                .thenApply(done -> done.report(calls.selectionFor(), new TargetReport(request.grants())));
    }

    /**
     * Runs the actions whose prerequisites have all run, together, then the next such wave: dependencies
     * in order, independent actions concurrently. Each action of a wave works on its own copy of what
     * earlier waves produced; the copies are merged back in plan order. A denial, failure or stop in a
     * wave ends the plan after that wave.
     */
    private CompletionStage<ExecutionProgress> waves(List<CallRequest> pending, ExecutionRequest request,
                                                     ExecutionProgress progress) {
        if (pending.isEmpty() || progress.stopped()) {
            return CompletableFuture.completedFuture(progress);
        }
        List<CallRequest> wave = pending.stream().filter(call -> progress.finished.containsAll(call.prerequisites()))
                .toList();
        if (wave.isEmpty()) {
            progress.stop(TurnOutcome.INSUFFICIENT, pending.get(0).tool() + " was not called: it depends on actions"
                    + " the plan does not run before it");
            return CompletableFuture.completedFuture(progress);
        }
        List<CompletableFuture<ExecutionProgress>> runs = wave.stream()
                .map(call -> run(call, request, progress.branch()).toCompletableFuture()).toList();
        return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).thenCompose(all -> {
            runs.forEach(branch -> progress.merge(branch.join()));
            wave.forEach(call -> progress.finished.add(call.id()));
            List<CallRequest> later = new ArrayList<>(pending);
            later.removeAll(wave);
            return waves(later, request, progress);
        });
    }

    private CompletionStage<ExecutionProgress> run(CallRequest planned, ExecutionRequest request,
                                                   ExecutionProgress progress) {
        ChainedArguments.Resolution resolution = ChainedArguments.resolve(planned, progress.outputs, progress.tools,
                fanOutGate, listArguments(request.grants().get(planned.tool())));
        if (resolution instanceof ChainedArguments.Unresolved unresolved) {
            if (unresolved.targets() == ChainedArguments.Targets.SEVERAL) {
                progress.stopForSelection(unresolved.reason(), unresolved.source());
            } else if (unresolved.targets() == ChainedArguments.Targets.NONE
                    && progress.emptyCollections.contains(unresolved.source())) {
                progress.stopForNoMatch(unresolved.reason(), unresolved.source());
            } else if (unresolved.targets() == ChainedArguments.Targets.TOO_MANY) {
                progress.stopForTooMany(unresolved.reason(), unresolved.source(), unresolved.count(),
                        fanOutGate.maxTargets());
            } else {
                progress.stop(TurnOutcome.INSUFFICIENT, unresolved.reason());
            }
            return CompletableFuture.completedFuture(progress);
        }
        if (resolution instanceof ChainedArguments.FannedOut fanned) {
            return fanOut(planned, fanned, request, progress);
        }
        ChainedArguments.Resolved resolved = (ChainedArguments.Resolved) resolution;
        CallRequest action = new CallRequest(planned.id(), planned.tool(), resolved.arguments());
        progress.tools.put(action.id(), action.tool());
        progress.chainedArguments.put(action.id(), planned.from().keySet());
        return attempt(action, request, progress).thenApply(after -> {
            if (after.results.stream().anyMatch(r -> r.actionId().equals(action.id()) && !(r instanceof CallOutcome.Denied))) {
                resolved.takenRows().forEach(after::tookRow);
            }
            return after;
        });
    }

    /** The arguments the tool's input schema types as arrays: a bulk capability's list of targets. */
    private static Set<String> listArguments(GrantedTool grant) {
        if (grant == null) {
            return Set.of();
        }
        Set<String> lists = new HashSet<>();
        InputSchema.of(grant.inputSchema()).parameters().stream()
                .filter(parameter -> "array".equals(parameter.schema().get("type")))
                .forEach(parameter -> lists.add(parameter.name()));
        return lists;
    }

    /**
     * One call per value, in order, each behind the last mile (a refusal stops them all, as it stops a
     * plan); a failed one does not stop the others. The step succeeds when one of them did, and the
     * summary says how many were matched, sent, succeeded and failed.
     */
    private CompletionStage<ExecutionProgress> fanOut(CallRequest planned, ChainedArguments.FannedOut fanned,
                                                      ExecutionRequest request, ExecutionProgress progress) {
        List<String> ids = new ArrayList<>();
        CompletionStage<ExecutionProgress> chain = CompletableFuture.completedFuture(progress);
        for (int i = 0; i < fanned.argumentSets().size(); i++) {
            CallRequest member = new CallRequest(planned.id() + "." + (i + 1), planned.tool(),
                    fanned.argumentSets().get(i));
            ids.add(member.id());
            progress.chainedArguments.put(member.id(), planned.from().keySet());
            chain = chain.thenCompose(p -> p.outcome == TurnOutcome.DENIED ? CompletableFuture.completedFuture(p)
                    : attempt(member, request, p).thenApply(after -> {
                        if (after.outcome == TurnOutcome.FAILED) {
                            after.outcome = null;
                        }
                        return after;
                    }));
        }
        return chain.thenApply(p -> {
            long sent = p.results.stream().filter(r -> ids.contains(r.actionId()) && !(r instanceof CallOutcome.Denied))
                    .count();
            long succeeded = p.results.stream().filter(r -> ids.contains(r.actionId())
                    && r instanceof CallOutcome.Succeeded).count();
            p.fannedOut(ids, planned.tool() + " for " + ids.size() + " values of " + fanned.argument() + " ("
                    + fanned.source() + "): " + sent + " sent, " + succeeded + " succeeded, " + (sent - succeeded)
                    + " failed");
            if (p.outcome == null && succeeded == 0) {
                p.outcome = TurnOutcome.FAILED;
            }
            return p;
        });
    }

    /** The last mile, then the call (or the response an earlier delivery recorded), or the plan the tool is. */
    private CompletionStage<ExecutionProgress> attempt(CallRequest action, ExecutionRequest request,
                                                       ExecutionProgress progress) {
        progress.tools.put(action.id(), action.tool());
        progress.arguments.put(action.id(), action.arguments());
        return authorizer.check(action, request).thenCompose(verdict -> {
            if (verdict instanceof CallVerdict.Refused refused) {
                progress.results.add(new CallOutcome.Denied(action.id(), action.tool(), refused.rule(),
                        refused.reason()));
                progress.outcome = TurnOutcome.DENIED;
                return CompletableFuture.completedFuture(progress);
            }
            GrantedTool grant = request.grants().get(action.tool());
            if (grant.runsPlan()) {
                return plans.run(action, grant, request, progress);
            }
            CallLedger.CallKey key = new CallLedger.CallKey(request.runKey(), request.iteration(), action.id());
            long started = System.nanoTime();
            return calls.make(key, action, grant, ((CallVerdict.Go) verdict).arguments(), progress.observer)
                    .thenCompose(made -> {
                        if (made.fromLedger()) {
                            progress.fromLedger.add(action.id());
                        }
                        return observed(key, request, action, grant, made.response(), progress, started);
                    });
        });
    }

    /**
     * What a call returned, now or in an earlier delivery, becomes the action's result; a collection's
     * complete rows are kept as a selectable artifact and its evidence names the handle.
     */
    private CompletionStage<ExecutionProgress> observed(CallLedger.CallKey key, ExecutionRequest request,
                                                        CallRequest action, GrantedTool grant, ToolResponse response,
                                                        ExecutionProgress progress, long started) {
        long latencyMs = (System.nanoTime() - started) / 1_000_000;
        if (!response.successful()) {
            return CompletableFuture.completedFuture(
                    failedNow(progress, action, grant, response.httpStatus(), response.failure(), latencyMs));
        }
        Optional<String> malformed = malformedOutput(grant, response);
        if (malformed.isPresent()) {
            return CompletableFuture.completedFuture(failedNow(progress, action, grant, null, malformed.get(),
                    latencyMs));
        }
        EvidenceSummary summary = summarizer.summarize(action.tool(), grant.collectionPath(), response.body());
        CompletionStage<EvidenceSummary> kept = !summary.selectable() ? CompletableFuture.completedFuture(summary)
                : artifacts.keep(key, new ArtifactStore.Scope(request.run().tenantId(), request.conversationId(), request.principal().userId()),
                        new ArtifactStore.Source(action.tool(), grant.entity()), summary.collectionPath(), summary.rows())
                .thenApply(summary::withHandle);
        return kept.thenApply(evidence -> {
            progress.results.add(new CallOutcome.Succeeded(action.id(), action.tool(), response.httpStatus(), evidence,
                    latencyMs));
            progress.outputs.put(action.id(), response.body());
            if (evidence.selectable() && evidence.recordCount() == 0) {
                // A lookup that matched nothing: no target, as opposed to a result of another shape.
                progress.emptyCollections.add(action.id());
            }
            return progress;
        });
    }

    /**
     * An MCP tool's structured result that breaks the output schema the tool declares is not evidence:
     * where it breaks is said (locations, never values).
     */
    @SuppressWarnings("unchecked")
    private Optional<String> malformedOutput(GrantedTool grant, ToolResponse response) {
        if (!grant.endpoint().callsMcpTool() || grant.outputSchema() == null) {
            return Optional.empty();
        }
        if (!(response.body() instanceof Map<?, ?> structured)) {
            return Optional.of("the MCP tool's result has no structured content for its declared output schema");
        }
        List<String> violations = outputSchemas.violations(grant.outputSchema(), (Map<String, Object>) structured);
        return violations.isEmpty() ? Optional.empty() : Optional.of(
                "the MCP tool's result does not match its declared output schema at " + String.join(", ", violations));
    }

    private static ExecutionProgress failedNow(ExecutionProgress progress, CallRequest action, GrantedTool grant,
                                               Integer status, String error, long latencyMs) {
        progress.results.add(new CallOutcome.Failed(action.id(), action.tool(), status, error, latencyMs,
                grant.endpoint().service()));
        progress.outcome = TurnOutcome.FAILED;
        return progress;
    }

}
