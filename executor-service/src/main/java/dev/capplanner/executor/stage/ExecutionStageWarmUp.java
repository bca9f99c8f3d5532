package dev.capplanner.executor.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.config.ExecutorConfig;
import dev.capplanner.executor.evidence.EvidenceBudget;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.ExecutionPolicy;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The execution stage's own work on the sample plan: its seal checked (and refused: it is made up),
 * each call authorized against the sample snapshot (one allowed, one refused as outside it), its
 * arguments bound and schema-checked, a canned answer summarized into evidence, and the observation
 * and completion events assembled (the observation sealed). The executor here has stand-ins for everything outside the
 * process (the registry allows, the target answers from memory, no ledger and no artifact store), so
 * a warm-up calls no target and writes no row.
 */
@ApplicationScoped
public class ExecutionStageWarmUp implements WarmUp {

    private static final Map<String, Object> CANNED_ANSWER = Map.of("items",
            List.of(Map.of("id", "C-1001", "name", "Riccardo Lorini")));
    private static final long WAIT_SECONDS = 5;

    private final PlanSeals seals;
    private final FactSeals observationSeals;
    private final PlanExecutor executor;
    private final EventStamps stamps;

    public ExecutionStageWarmUp(PlanSeals seals, @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals,
                                ExecutorConfig config, Clock clock) {
        this.seals = seals;
        this.observationSeals = observationSeals;
        this.stamps = new EventStamps(clock);
        LastMileAuthorizer authorizer = new LastMileAuthorizer(
                Set.of(SampleEvents.CUSTOMERS_SEARCH.endpoint().service()),
                (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
                new JsonSchemaArgumentCheck());
        this.executor = new PlanExecutor(authorizer,
                (endpoint, arguments) -> CompletableFuture.completedFuture(ToolResponse.http(200, CANNED_ANSWER)),
                new EvidenceSummarizer(new EvidenceBudget(config.evidence().maxInlineRows(),
                        config.evidence().maxInlineBytes())),
                ExecutionPolicy.PLAIN.withOutputSchemas(new JsonSchemaArgumentCheck()));
    }

    @Override
    public String name() {
        return "execution-stage";
    }

    @Override
    public void pass() throws Exception {
        PlanProposed plan = SampleEvents.of(PlanProposed.class);
        if (seals.verify(plan).valid()) {
            throw new IllegalStateException("a made-up plan seal verified");
        }
        ExecutionReport report = executor.execute(ExecutionEvents.request(plan,
                        List.of(SampleEvents.CUSTOMERS_SEARCH, SampleEvents.TRACK_SHIPMENT)))
                .toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        ExecutionEvents.observed(plan, report, observationSeals, stamps.next());
        ExecutionEvents.completed(plan, report, stamps.next());
    }
}
