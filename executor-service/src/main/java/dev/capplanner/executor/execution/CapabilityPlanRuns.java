package dev.capplanner.executor.execution;

import dev.capplanner.capabilityplans.execution.CapabilityPlanEngine;
import dev.capplanner.capabilityplans.execution.CapabilityPlanInput;
import dev.capplanner.capabilityplans.execution.CapabilityPlanOutcome;
import dev.capplanner.capabilityplans.execution.EvidenceHandles;
import dev.capplanner.capabilityplans.execution.FailureCause;
import dev.capplanner.capabilityplans.execution.Reason;
import dev.capplanner.capabilityplans.execution.StepCalls;
import dev.capplanner.capabilityplans.execution.StepResponse;
import dev.capplanner.executor.authorization.CallVerdict;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.CapabilityPlanVerdict;
import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.GrantedTool;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Runs a capability plan the planner chose (rule "plans are capabilities"): the plan itself passed
 * the last mile; each physical call of its steps passes it again, on the run's principal, right
 * before it is made, goes through the call ledger (a redelivered plan repeats no step call) and is
 * counted as sent like any call; a refused one refuses the plan, the one denied call counted. A step
 * that calls another plan runs that plan the same way. The plan's result (decision, reasons,
 * payload) becomes the action's evidence, with what it decided beside it; a scan's rows beyond the
 * plan's budget are kept as a selectable artifact.
 */
final class CapabilityPlanRuns {

    /** The service a plan's failure is told as: its steps call others, the plan is the executor's own. */
    static final String SERVICE = "capability plan";

    private final LastMileAuthorizer authorizer;
    private final LedgeredCalls calls;
    private final ArtifactStore artifacts;
    private final CapabilityPlanEngine engine = new CapabilityPlanEngine();

    CapabilityPlanRuns(LastMileAuthorizer authorizer, LedgeredCalls calls, ArtifactStore artifacts) {
        this.authorizer = authorizer;
        this.calls = calls;
        this.artifacts = artifacts;
    }

    CompletionStage<ExecutionProgress> run(CallRequest action, GrantedTool plan, ExecutionRequest request,
                                           ExecutionProgress progress) {
        long started = System.nanoTime();
        Steps steps = new Steps(action.id(), request, progress);
        return run(plan, action.arguments(), request, steps).thenApply(outcome -> {
            long latencyMs = (System.nanoTime() - started) / 1_000_000;
            if (outcome instanceof CapabilityPlanOutcome.Decided decided) {
                CapabilityPlanVerdict verdict = new CapabilityPlanVerdict(decided.plan(), decided.version(), decided.decision(),
                        decided.reasons().stream().map(Reason::code).toList());
                progress.results.add(new CallOutcome.Succeeded(action.id(), action.tool(), null,
                        EvidenceSummary.ofPlan(action.tool(), decided.result(), !decided.trimmed().isEmpty(), verdict),
                        latencyMs));
                progress.outputs.put(action.id(), decided.result());
            } else if (outcome instanceof CapabilityPlanOutcome.Refused refused) {
                progress.results.add(new CallOutcome.Denied(action.id(), action.tool(), rule(refused.rule()),
                        where(refused.plan(), refused.version(), refused.step()) + refused.reason()));
                progress.outcome = TurnOutcome.DENIED;
            } else {
                CapabilityPlanOutcome.Failed failed = (CapabilityPlanOutcome.Failed) outcome;
                progress.results.add(new CallOutcome.Failed(action.id(), action.tool(), null,
                        where(failed.plan(), failed.version(), failed.step()) + failed.reason(), latencyMs,
                        steps.kindOf(failed), SERVICE));
                progress.outcome = TurnOutcome.FAILED;
            }
            return progress;
        });
    }

    private CompletionStage<CapabilityPlanOutcome> run(GrantedTool plan, Map<String, Object> arguments, ExecutionRequest request,
                                             Steps steps) {
        return engine.run(plan.plan().compiled(), new CapabilityPlanInput(arguments, request.runContext()), steps.calls(),
                steps.handles());
    }

    /** The physical calls of one plan action's steps (nested plans' too), each behind the last mile. */
    private final class Steps {

        private final String actionId;
        private final ExecutionRequest request;
        private final ExecutionProgress progress;
        private FailureKind lastFailure = FailureKind.OTHER;

        Steps(String actionId, ExecutionRequest request, ExecutionProgress progress) {
            this.actionId = actionId;
            this.request = request;
            this.progress = progress;
        }

        /** Step calls named under the action ({@code a1.customer}), so each has its own ledger entry. */
        StepCalls calls() {
            return (callId, capability, arguments) -> call(actionId + "." + callId, capability, arguments);
        }

        EvidenceHandles handles() {
            return (step, capability, rows) -> {
                GrantedTool grant = request.grants().get(capability);
                CallLedger.CallKey key = new CallLedger.CallKey(request.runKey(), request.iteration(),
                        actionId + "." + step);
                return artifacts.keep(key,
                                new ArtifactStore.Scope(request.run().tenantId(), request.conversationId(), request.principal().userId()),
                                new ArtifactStore.Source(capability, grant == null ? null : grant.entity()), null,
                                new ArrayList<>(rows))
                        .thenApply(Optional::of);
            };
        }

        private CompletionStage<StepResponse> call(String id, String capability, Map<String, Object> arguments) {
            CallRequest step = new CallRequest(id, capability, arguments);
            return authorizer.check(step, request).thenCompose(verdict -> {
                if (verdict instanceof CallVerdict.Refused refused) {
                    // The refusal ends the plan: the plan's action is the one denied call counted.
                    return CompletableFuture.completedFuture(new StepResponse.Refused(refused.rule().name(),
                            capability + " was refused: " + refused.reason()));
                }
                GrantedTool grant = request.grants().get(capability);
                if (grant.runsPlan()) {
                    return nested(step, grant);
                }
                CallLedger.CallKey key = new CallLedger.CallKey(request.runKey(), request.iteration(), id);
                return calls.make(key, step, grant, ((CallVerdict.Go) verdict).arguments(), progress.observer)
                        .thenApply(made -> {
                            if (!made.fromLedger()) {
                                progress.planCallsSent++;
                            }
                            return response(made.response(), grant);
                        });
            });
        }

        /** A step that calls another plan: that plan runs here, its result is the step's. */
        private CompletionStage<StepResponse> nested(CallRequest step, GrantedTool plan) {
            StepCalls inner = (callId, capability, arguments) -> call(step.id() + "." + callId, capability, arguments);
            CapabilityPlanInput input = new CapabilityPlanInput(step.arguments(), request.runContext());
            return engine.run(plan.plan().compiled(), input, inner, handles())
                    .thenApply(outcome -> {
                        if (outcome instanceof CapabilityPlanOutcome.Decided decided) {
                            return new StepResponse.Returned(decided.result(), null);
                        }
                        if (outcome instanceof CapabilityPlanOutcome.Refused refused) {
                            return new StepResponse.Refused(refused.rule(), "plan " + plan.name() + " was refused: "
                                    + refused.reason());
                        }
                        return new StepResponse.Failed("plan " + plan.name() + " failed: "
                                + ((CapabilityPlanOutcome.Failed) outcome).reason());
                    });
        }

        private StepResponse response(ToolResponse response, GrantedTool grant) {
            if (response.successful()) {
                return new StepResponse.Returned(response.body(), grant.collectionPath());
            }
            if (Integer.valueOf(404).equals(response.httpStatus())) {
                return new StepResponse.NotFound();
            }
            lastFailure = FailureKind.of(response.httpStatus(), response.failure());
            return new StepResponse.Failed(response.httpStatus() != null ? "HTTP " + response.httpStatus()
                    : response.failure());
        }

        /** What a user is told a failed plan met: the failed call's kind, nothing found, or no answer. */
        FailureKind kindOf(CapabilityPlanOutcome.Failed failed) {
            if (failed.cause() == FailureCause.CALL_FAILED) {
                return lastFailure;
            }
            if (failed.cause() == FailureCause.ROW_MISSING) {
                return FailureKind.NOT_FOUND;
            }
            return failed.cause() == FailureCause.RESULT_MISMATCH ? FailureKind.MALFORMED_RESULT : FailureKind.OTHER;
        }
    }

    private static String where(String plan, int version, String step) {
        return "plan " + plan + "@" + version + (step == null ? "" : ", step " + step) + ": ";
    }

    /** The last-mile rule a step's refusal names (an engine's hidden-argument refusal included). */
    private static DenialRule rule(String name) {
        try {
            return DenialRule.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            return DenialRule.REGISTRY_DENIED;
        }
    }
}
