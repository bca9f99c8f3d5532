package dev.capplanner.capabilityplans;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;

/** Plans written as the operator writes them (JSON), read through the schema as the registry reads them. */
public final class PlanTexts {

    private static final CapabilityPlanDocuments DOCUMENTS = new CapabilityPlanDocuments();

    private PlanTexts() {
    }

    public static CapabilityPlan read(String json) {
        return DOCUMENTS.read(json);
    }

    /**
     * A plan {@code accounts.check} with a caller argument {@code customerId}, a hidden {@code tenantId}
     * bound from the tenant, and the given steps, rules, payload and returns (JSON fragments).
     */
    public static CapabilityPlan plan(String steps, String rules, String payload, String returns) {
        return read(text(1, steps, rules, payload, returns, ""));
    }

    public static String text(int version, String steps, String rules, String payload, String returns,
                              String extra) {
        return """
                {"name": "accounts.check", "version": %d, "description": "Checks an account.",
                 "args": {"type": "object", "required": ["customerId"], "properties": {"customerId": {"type": "string"}}},
                 "hidden": {"tenantId": "tenant"},
                 "defaultDecision": "ok",
                 "steps": %s, "rules": %s, "payload": %s, "returns": %s%s}
                """.formatted(version, steps, rules, payload, returns, extra);
    }
}
