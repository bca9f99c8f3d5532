package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import java.util.ArrayList;
import java.util.List;

/**
 * Seals binding a plan to its run and iteration, the principal, the mode and the snapshot it was
 * planned against. The planner seals with its own keys (not the snapshot service's: a compromised
 * planner must not be able to forge snapshots); the executor runs only a plan whose seal verifies,
 * so a plan altered or written on Kafka by anyone else is refused. A continuation is sealed with its
 * plan: the planner trusts the next iteration's question and candidates only when the seal verifies.
 */
public final class PlanSeals {

    private static final String DOMAIN = "capplanner-plan-seal-v1";

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
        return keys.check("plan", plan.planSeal(), sealedText(plan), "run, principal, snapshot and actions");
    }

    private static byte[] sealedText(PlanProposed plan) {
        List<String> roles = new ArrayList<>(plan.run().principal().roles());
        roles.sort(null);
        List<Object> sealed = new ArrayList<>(List.of(DOMAIN, plan.run().runId(), plan.run().iteration(),
                plan.run().tenantId(), plan.run().projectId(), plan.run().conversationId(),
                plan.run().principal().userId(), roles, plan.mode(), plan.snapshot().hash(),
                RunEventJson.toMap(plan.plan())));
        if (plan.continuation() != null) {
            sealed.add(RunEventJson.toMap(plan.continuation()));
        }
        return CanonicalJson.bytes(sealed);
    }
}
