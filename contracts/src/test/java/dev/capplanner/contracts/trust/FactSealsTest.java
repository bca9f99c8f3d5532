package dev.capplanner.contracts.trust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RunEventDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FactSealsTest {

    static final byte[] PLANNER_KEY = "planner-comparison-seal-key-32byte".getBytes(StandardCharsets.UTF_8);
    static final byte[] EXECUTOR_KEY = "executor-observation-seal-key-32b!".getBytes(StandardCharsets.UTF_8);

    final FactSeals comparisons = FactSeals.comparisons(new SealKeyRing("c1", Map.of("c1", PLANNER_KEY)));
    final FactSeals observations = FactSeals.observations(new SealKeyRing("o1", Map.of("o1", EXECUTOR_KEY)));
    /** What the report service holds: both producers' keys, neither active. */
    final FactSeals comparisonsVerifier = FactSeals.comparisons(new SealKeyRing(null, Map.of("c1", PLANNER_KEY)));
    final FactSeals observationsVerifier = FactSeals.observations(new SealKeyRing(null, Map.of("o1", EXECUTOR_KEY)));
    final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());

    final ShadowCompared comparison = withArguments(SampleEvents.of(ShadowCompared.class));
    final ActionsExecuted observation = SampleEvents.of(ActionsExecuted.class);

    @Test
    void aSealedFactVerifiesAfterTheWireAndNamesTheKeyThatSealedIt() {
        ShadowCompared sealed = comparisons.sealed(comparison);
        ShadowCompared received = decoder.decode(RunEventJson.toJson(sealed), EventType.SHADOW_COMPARED,
                ShadowCompared.class);
        SealKeyRing.SealCheck check = comparisonsVerifier.verify(received);
        assertThat(check.valid()).isTrue();
        assertThat(check.keyId()).isEqualTo("c1");

        ActionsExecuted observed = decoder.decode(RunEventJson.toJson(observations.sealed(observation)),
                EventType.ACTIONS_EXECUTED, ActionsExecuted.class);
        assertThat(observationsVerifier.verify(observed).keyId()).isEqualTo("o1");
    }

    @Test
    void anUnsealedFactIsRefusedWithAReasonThatNamesIt() {
        assertThat(comparisonsVerifier.verify(comparison).reason()).isEqualTo("comparison is not sealed");
        assertThat(observationsVerifier.verify(observation).reason()).isEqualTo("observation is not sealed");
    }

    @Test
    void everyFieldTheGateReadsIsCoveredByTheSeal() {
        ShadowCompared sealed = comparisons.sealed(comparison);
        RunContext run = sealed.run();
        List<ShadowCompared> altered = List.of(
                copy(sealed, new RunContext(run.runId(), run.turnId(), run.iteration(), "globex", run.projectId(),
                        run.conversationId(), run.principal()), sealed.agreement(), sealed.capabilityLatencyMs()),
                copy(sealed, new RunContext("run-other", run.turnId(), run.iteration(), run.tenantId(),
                        run.projectId(), run.conversationId(), run.principal()), sealed.agreement(),
                        sealed.capabilityLatencyMs()),
                copy(sealed, new RunContext(run.runId(), run.turnId(), run.iteration() + 1, run.tenantId(),
                        run.projectId(), "golden-conversation", run.principal()), sealed.agreement(),
                        sealed.capabilityLatencyMs()),
                copy(sealed, run, !sealed.agreement(), sealed.capabilityLatencyMs()),
                copy(sealed, run, sealed.agreement(), 1));
        for (ShadowCompared forged : altered) {
            assertThat(comparisonsVerifier.verify(forged).reason()).isEqualTo(
                    "comparison seal does not match what the comparison says");
        }

        ActionsExecuted counted = observations.sealed(observation);
        ExternalCalls calls = counted.externalCalls();
        for (ExternalCalls forged : List.of(new ExternalCalls(calls.plannedBy(), calls.sent(), calls.denied() + 1),
                new ExternalCalls(Plan.CAPABILITY, calls.sent(), calls.denied()),
                new ExternalCalls(calls.plannedBy(), calls.sent() + 1, calls.denied()))) {
            ActionsExecuted changed = new ActionsExecuted(counted.schemaVersion(), counted.eventId(), counted.occurredAt(),
                    counted.run(), counted.results(), forged, counted.continuing(), counted.seal());
            assertThat(observationsVerifier.verify(changed).valid()).isFalse();
        }
    }

    @Test
    void oneProducersKeyCannotVouchForTheOthersFactsNorCanAKeyOutsideTheRing() {
        ShadowCompared byExecutorKey = FactSeals.comparisons(new SealKeyRing("o1", Map.of("o1", EXECUTOR_KEY)))
                .sealed(comparison);
        assertThat(comparisonsVerifier.verify(byExecutorKey).reason()).isEqualTo("comparison seal names an unknown key");

        ShadowCompared byAttackerUnderPlannerKeyId = FactSeals.comparisons(new SealKeyRing("c1",
                Map.of("c1", "attacker-chosen-secret-of-32-bytes!".getBytes(StandardCharsets.UTF_8)))).sealed(comparison);
        SealKeyRing.SealCheck check = comparisonsVerifier.verify(byAttackerUnderPlannerKeyId);
        assertThat(check.valid()).isFalse();
        assertThat(check.reason()).doesNotContain(byAttackerUnderPlannerKeyId.seal().substring(15));

        // The same secret configured for both kinds still cannot turn one kind's seal into the other's.
        FactSeals sameSecretObservations = FactSeals.observations(new SealKeyRing("c1", Map.of("c1", PLANNER_KEY)));
        ActionsExecuted sealedObservation = sameSecretObservations.sealed(observation);
        assertThat(FactSeals.comparisons(new SealKeyRing(null, Map.of("c1", PLANNER_KEY))).verify(
                sealedObservation).valid()).as("domains differ").isFalse();
    }

    @Test
    void aSealHasExactlyOneSpelling() {
        ShadowCompared sealed = comparisons.sealed(comparison);
        String seal = sealed.seal();
        char last = seal.charAt(seal.length() - 1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int index = alphabet.indexOf(last);
        // The last of 43 characters carries 4 bits of the MAC and 2 spare ones: flip the spare ones.
        for (int spare = 1; spare < 4; spare++) {
            String respelled = seal.substring(0, seal.length() - 1) + alphabet.charAt((index & ~3) | ((index + spare) & 3));
            assertThat(comparisonsVerifier.verify(sealed.withSeal(respelled)).valid()).as(respelled).isFalse();
        }
        assertThat(comparisonsVerifier.verify(sealed).valid()).isTrue();
    }

    /** Arguments of several JSON kinds, so the seal is checked over what really crosses the wire. */
    private static ShadowCompared withArguments(ShadowCompared sample) {
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "orders.list",
                Map.of("limit", 5, "minTotal", 12.5, "status", List.of("open", "late"), "since", "2026-11-01"),
                List.of())));
        return new ShadowCompared(sample.schemaVersion(), sample.eventId(), sample.occurredAt(), sample.run(),
                sample.mode(), sample.question(), sample.snapshot(), sample.candidates(), sample.classicPlan(),
                capability, sample.agreement(), sample.capabilityLatencyMs(), sample.fallbackReason(), 42, "note");
    }

    private static ShadowCompared copy(ShadowCompared c, RunContext run, boolean agreement, long latencyMs) {
        return new ShadowCompared(c.schemaVersion(), c.eventId(), c.occurredAt(), run, c.mode(), c.question(),
                c.snapshot(), c.candidates(), c.classicPlan(), c.capabilityPlan(), agreement, latencyMs,
                c.fallbackReason(), c.promptTokens(), c.plannerNote(), c.seal());
    }
}
