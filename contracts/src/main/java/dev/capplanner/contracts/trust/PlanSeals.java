package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Seals binding a plan to its run, turn and iteration, the moment it was planned ({@code occurredAt}),
 * the principal, the mode and the snapshot it was planned against; a verifier refuses a plan sealed
 * longer ago than it allows ({@link #verify(PlanProposed, Instant, Duration)}), so a plan read off the
 * topic cannot be replayed later. The planner seals with its own keys (not the snapshot service's: a compromised
 * planner must not be able to forge snapshots); the executor runs only a plan whose seal verifies,
 * so a plan altered or written on Kafka by anyone else is refused. A continuation is sealed with its
 * plan: the planner trusts the next iteration's question and candidates only when the seal verifies.
 */
public final class PlanSeals {

    private static final String DOMAIN = "capplanner-plan-seal-v2";
    /** How far ahead of the verifier's clock a planner's may be. */
    private static final Duration CLOCK_SKEW = Duration.ofMinutes(1);

    private final SealKeyRing keys;

    public PlanSeals(SealKeyRing keys) {
        this.keys = keys;
    }

    public SealKeyRing keys() {
        return keys;
    }

    /** The seal of this plan event's sealed fields (its own {@code planSeal} is ignored). */
    public String seal(PlanProposed plan) {
        return keys.seal(sealedText(plan));
    }

    public SealKeyRing.SealCheck verify(PlanProposed plan) {
        return keys.check("plan", plan.planSeal(), sealedText(plan), "run, turn, time, principal, scope, snapshot and actions");
    }

    /** The seal, and then the plan's age: sealed at most {@code maxAge} before {@code now}, not in the future. */
    public SealKeyRing.SealCheck verify(PlanProposed plan, Instant now, Duration maxAge) {
        SealKeyRing.SealCheck sealed = verify(plan);
        if (!sealed.valid()) {
            return sealed;
        }
        if (plan.occurredAt().plus(maxAge).isBefore(now)) {
            return SealKeyRing.SealCheck.rejected("plan seal expired (sealed more than " + maxAge + " ago)");
        }
        if (plan.occurredAt().isAfter(now.plus(CLOCK_SKEW))) {
            return SealKeyRing.SealCheck.rejected("plan seal is dated in the future");
        }
        return sealed;
    }

    private static byte[] sealedText(PlanProposed plan) {
        List<String> roles = new ArrayList<>(plan.run().principal().roles());
        roles.sort(null);
        List<Object> sealed = new ArrayList<>(List.of(DOMAIN, plan.run().runId(), plan.run().turnId(),
                plan.occurredAt().toString(), plan.run().iteration(),
                plan.run().tenantId(), plan.run().projectId(), plan.run().conversationId(),
                plan.run().principal().userId(), roles, plan.mode(), plan.snapshot().hash(),
                RunEventJson.toMap(plan.plan())));
        if (plan.run().scope() != null) {
            // Tagged, so it cannot be read as a continuation; absent, the seal is what it always was.
            sealed.add(java.util.Map.of("sessionScope", plan.run().scope().asRunContext()));
        }
        if (plan.continuation() != null) {
            sealed.add(RunEventJson.toMap(plan.continuation()));
        }
        return CanonicalJson.bytes(sealed);
    }
}
