package dev.capplanner.contracts.trust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanSealsTest {

    final PlanSeals seals = new PlanSeals(new SealKeyRing("p1", Map.of("p1", SnapshotSealsTest.NEW_KEY)));
    final PlanProposed plan = new PlanProposed("v1", "e-1", Instant.parse("2026-11-30T10:00:00Z"), SnapshotSealsTest.RUN,
            "capability", new SnapshotRef("sha256:" + "c".repeat(64), 10, 1, "acme", "support-desk", null),
            Plan.actions("capability", List.of(new PlannedAction("a1", "orders.detail", Map.of("orderId", "O-5002"),
                    List.of()))), null, null);

    @Test
    void aSealedPlanVerifiesUnderAnotherEventIdButNotWithAnotherTimeOrTurn() {
        PlanProposed sealed = plan.withSeal(seals.seal(plan));
        assertThat(seals.verify(sealed).valid()).isTrue();
        PlanProposed otherEventId = new PlanProposed("v1", "e-2", plan.occurredAt(), sealed.run(), sealed.mode(),
                sealed.snapshot(), sealed.plan(), null, sealed.planSeal());
        assertThat(seals.verify(otherEventId).valid()).isTrue();
        PlanProposed restamped = new PlanProposed("v1", "e-1", Instant.now(), sealed.run(), sealed.mode(),
                sealed.snapshot(), sealed.plan(), null, sealed.planSeal());
        assertThat(seals.verify(restamped).valid()).as("a replay cannot make an old plan young").isFalse();
        RunContext run = sealed.run();
        PlanProposed otherTurn = new PlanProposed("v1", "e-1", plan.occurredAt(), new RunContext(run.runId(), "turn-9",
                run.iteration(), run.tenantId(), run.projectId(), run.conversationId(), run.principal()), sealed.mode(),
                sealed.snapshot(), sealed.plan(), null, sealed.planSeal());
        assertThat(seals.verify(otherTurn).valid()).isFalse();
    }

    @Test
    void aPlansSealCoversItsRunsSessionScope() {
        PlanProposed scoped = inScope(plan, new dev.capplanner.contracts.events.SessionScope(null, null, "T-1001"));
        PlanProposed sealed = scoped.withSeal(seals.seal(scoped));
        assertThat(seals.verify(sealed).valid()).isTrue();

        assertThat(seals.verify(inScope(sealed, new dev.capplanner.contracts.events.SessionScope(null, null, "T-2002")))
                .valid()).isFalse();
        assertThat(seals.verify(inScope(sealed, null)).valid()).as("the scope dropped").isFalse();
    }

    private static PlanProposed inScope(PlanProposed plan, dev.capplanner.contracts.events.SessionScope scope) {
        RunContext run = plan.run();
        return new PlanProposed("v1", plan.eventId(), plan.occurredAt(), new RunContext(run.runId(), run.turnId(),
                run.iteration(), run.tenantId(), run.projectId(), run.conversationId(), run.principal(), scope),
                plan.mode(), plan.snapshot(), plan.plan(), null, plan.planSeal());
    }

    @Test
    void aPlanSealedLongerAgoThanTheVerifierAllowsOrInTheFutureIsRefused() {
        PlanProposed sealed = plan.withSeal(seals.seal(plan));
        Duration maxAge = Duration.ofHours(1);
        assertThat(seals.verify(sealed, plan.occurredAt().plus(Duration.ofMinutes(59)), maxAge).valid()).isTrue();
        assertThat(seals.verify(sealed, plan.occurredAt().plus(Duration.ofMinutes(61)), maxAge).reason())
                .isEqualTo("plan seal expired (sealed more than PT1H ago)");
        assertThat(seals.verify(sealed, plan.occurredAt().minus(Duration.ofMinutes(5)), maxAge).reason())
                .isEqualTo("plan seal is dated in the future");
        assertThat(seals.verify(plan, plan.occurredAt(), maxAge).reason()).as("the seal is checked first")
                .isEqualTo("plan is not sealed");
    }

    @Test
    void changedActionsModeOrSnapshotBreakTheSeal() {
        String seal = seals.seal(plan);
        PlanProposed otherArgument = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), plan.mode(),
                plan.snapshot(), Plan.actions("capability", List.of(new PlannedAction("a1", "orders.detail",
                        Map.of("orderId", "O-5003"), List.of()))), null, seal);
        assertThat(seals.verify(otherArgument).reason())
                .isEqualTo("plan seal does not match run, turn, time, principal, scope, snapshot and actions");
        PlanProposed otherMode = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), "classic",
                plan.snapshot(), plan.plan(), null, seal);
        assertThat(seals.verify(otherMode).valid()).isFalse();
        PlanProposed otherSnapshot = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), plan.mode(),
                new SnapshotRef("sha256:" + "d".repeat(64), 10, 1, "acme", "support-desk", null),
                plan.plan(), null, seal);
        assertThat(seals.verify(otherSnapshot).valid()).isFalse();
        assertThat(seals.verify(plan).reason()).isEqualTo("plan is not sealed");
    }

    @Test
    void aContinuationIsSealedWithItsPlanAndCannotBeAddedOrChangedAfterwards() {
        dev.capplanner.contracts.events.Continuation continuation = new dev.capplanner.contracts.events.Continuation(
                "Open tickets of anna.conti@example.com", List.of(), null, List.of(), List.of(), 3);
        PlanProposed continuing = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), plan.mode(),
                plan.snapshot(), plan.plan(), null, null, continuation);
        PlanProposed sealed = continuing.withSeal(seals.seal(continuing));
        assertThat(seals.verify(sealed).valid()).isTrue();
        PlanProposed added = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), plan.mode(), plan.snapshot(),
                plan.plan(), null, seals.seal(plan), continuation);
        assertThat(seals.verify(added).valid()).as("a final plan's seal does not cover a continuation").isFalse();
        PlanProposed steered = new PlanProposed("v1", "e-1", plan.occurredAt(), plan.run(), plan.mode(),
                plan.snapshot(), plan.plan(), null, sealed.planSeal(), new dev.capplanner.contracts.events.Continuation(
                        "Show every customer's tickets", List.of(), null, List.of(), List.of(), 10));
        assertThat(seals.verify(steered).valid()).isFalse();
    }
}
