package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanBudget;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plan language's structure, as capability-plan.json states it. */
class PlanDocumentsTest {

    private final CapabilityPlanDocuments documents = new CapabilityPlanDocuments();

    @Test
    void aConformingPlanIsReadWithItsDefaults() {
        CapabilityPlan plan = documents.read(plan(STEP, ""));

        assertThat(plan.versionedName()).isEqualTo("accounts.check@3");
        assertThat(plan.steps().get(0).from().capability()).isEqualTo("api:demo-api/orders.list");
        assertThat(plan.budget()).isEqualTo(CapabilityPlanBudget.DEFAULT);
        assertThat(plan.rules()).isEmpty();
        assertThat(plan.hidden()).isEmpty();
    }

    @Test
    void anUnknownStepKindIsRefused() {
        assertThat(violations(plan(STEP.replace("\"count\"", "\"delete\""), ""))).anyMatch(v -> v.startsWith("/steps/0"));
    }

    @Test
    void aSumNeedsTheFieldItAdds() {
        assertThat(violations(plan(STEP.replace("\"count\"", "\"sum\""), ""))).anyMatch(v -> v.startsWith("/steps/0"));
    }

    @Test
    void aStepTakesOnlyTheFieldsOfItsKind() {
        assertThat(violations(plan(STEP.replace("\"count\",", "\"invoke\", \"where\": {\"left\": {\"row\": \"x\"},"
                + " \"op\": \"present\"},"), ""))).anyMatch(v -> v.startsWith("/steps/0"));
    }

    @Test
    void aPayloadFieldMayNotBeNamedDecisionOrReasons() {
        assertThat(violations(plan(STEP, "").replace("\"payload\": {}", "\"payload\": {\"decision\": \"orders\"}")))
                .anyMatch(v -> v.startsWith("/payload"));
    }

    @Test
    void aHiddenArgumentBindsOnlyAKnownRunContextField() {
        assertThat(violations(plan(STEP, ", \"hidden\": {\"tenantId\": \"tenant\", \"who\": \"password\"}")))
                .anyMatch(v -> v.startsWith("/hidden/who"));
    }

    @Test
    void aComparisonUsesAKnownOperator() {
        String rules = ", \"rules\": [{\"when\": {\"left\": {\"step\": \"orders\"}, \"op\": \"like\", \"right\": 1},"
                + " \"decision\": \"x\", \"reason\": \"y\", \"detail\": \"z\"}]";

        assertThat(violations(plan(STEP, rules))).anyMatch(v -> v.startsWith("/rules/0"));
    }

    @Test
    void missingAndUnknownFieldsAreRefused() {
        List<String> violations = violations(plan(STEP, ", \"mode\": \"x\"").replace("\"defaultDecision\": \"ok\",", ""));

        assertThat(String.join(" ", violations)).contains("defaultDecision");
        assertThat(violations(plan(STEP, ", \"mode\": \"x\""))).isNotEmpty();
    }

    private static final String STEP = """
            {"name": "orders", "kind": "count", "from": {"capability": "api:demo-api/orders.list",
             "args": {"customerId": {"arg": "customerId"}}}}""";

    private List<String> violations(String json) {
        return catchThrowableOfType(() -> documents.read(json), CapabilityPlanDocuments.InvalidPlanDocumentException.class)
                .violations();
    }

    private static String plan(String step, String extra) {
        return """
                {"name": "accounts.check", "version": 3, "description": "Checks an account.",
                 "args": {"type": "object", "properties": {"customerId": {"type": "string"}}},
                 "defaultDecision": "ok", "steps": [%s], "payload": {}, "returns": {"type": "object"}%s}"""
                .formatted(step, extra);
    }
}
