package dev.capplanner.reports.stage;

import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.PlanDecision;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.RunIdentity;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.eventbus.outage.DatabaseOutage;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.ExternalCallCount;
import dev.capplanner.reports.shadow.PlanDecided;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The executor's sealed observation of an iteration brings its call counts (sent, refused, and whose plan
 * ran) and what each capability plan that ran decided (version, decision, reason codes), stored once per run and iteration beside the report, whichever of the two arrives first;
 * nothing of the observation but those is kept. While the database is away the stage waits and
 * tries again, as the report stage does; it emits nothing.
 */
@ApplicationScoped
public class CallCountStage implements RunEventStage<ActionsExecuted> {

    private static final Logger LOG = Logger.getLogger(CallCountStage.class);

    private final ShadowReportRepository repository;
    private final FactSeals observationSeals;

    public CallCountStage(ShadowReportRepository repository,
                          @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals) {
        this.repository = repository;
        this.observationSeals = observationSeals;
    }

    /** An observation the executor did not seal (or that was changed since) is dead-lettered: its counts feed the gate. */
    @Override
    public Optional<String> refusal(ActionsExecuted observation) {
        return observationSeals.refusal(observation);
    }

    @Override
    public Uni<List<RunEvent>> apply(ActionsExecuted observation, EventStamps stamps) {
        ExternalCalls calls = observation.externalCalls();
        if (calls == null) {
            return Uni.createFrom().item(List.of());
        }
        return Outages.waitOut(repository.storeCallsOnce(RunIdentity.keyOf(observation.run()), observation.run().iteration(),
                                observation.run().tenantId(), new ExternalCallCount(calls.plannedBy(), calls.sent(),
                                        calls.denied(), decided(calls.plans())), SealKeyRing.keyIdOf(observation.seal()),
                                stamps.now()), DatabaseOutage::is, LOG,
                        "report_storage_unavailable", observation.run().runId())
                .invoke(stored -> LOG.infof("external_calls_stored runId=%s iteration=%d plannedBy=%s sent=%d"
                                + " denied=%d plans=%d duplicate=%s", observation.run().runId(),
                        observation.run().iteration(), calls.plannedBy(), calls.sent(), calls.denied(),
                        calls.plans() == null ? 0 : calls.plans().size(), !stored))
                .replaceWith(List.of());
    }

    private static List<PlanDecided> decided(List<PlanDecision> plans) {
        return plans == null ? List.of() : plans.stream()
                .map(plan -> new PlanDecided(plan.plan(), plan.version(), plan.decision(), plan.reasons())).toList();
    }
}
