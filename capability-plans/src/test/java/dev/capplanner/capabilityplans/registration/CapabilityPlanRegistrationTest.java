package dev.capplanner.capabilityplans.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.capplanner.capabilityplans.PlanTexts;
import dev.capplanner.capabilityplans.language.CapabilityPlanProblem;
import dev.capplanner.capabilityplans.language.CapabilityPlanRefusedException;
import dev.capplanner.capabilityplans.language.CompiledCapabilityPlan;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What registration refuses (seed: read-only nested calls, no recursion), each with its place and reason. */
class CapabilityPlanRegistrationTest {

    private static final String OPEN = "{\"type\": \"object\"}";
    private static final Map<String, Object> BY_CUSTOMER = Map.of("type", "object", "required", List.of("customerId"),
            "properties", Map.of("customerId", Map.of("type", "string"), "status", Map.of("type", "string"),
                    "tenant", Map.of("type", "string", InputSchema.BIND_MARK, "tenant")));

    private final Map<String, RegisteredCapability> registry = new HashMap<>(Map.of(
            "customers.detail", new RegisteredCapability("customers.detail", true, BY_CUSTOMER, null),
            "orders.list", new RegisteredCapability("orders.list", true, BY_CUSTOMER, null),
            "orders.cancel", new RegisteredCapability("orders.cancel", false, Map.of("type", "object",
                    "properties", Map.of("orderId", Map.of("type", "string"))), null)));
    private final CapabilityDirectory directory = name -> Optional.ofNullable(registry.get(name));

    @Test
    void aPlanOverExistingReadOnlyCapabilitiesIsRegistered() {
        CompiledCapabilityPlan compiled = CapabilityPlanRegistration.check(plan(step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}, \"status\": \"open\"}")), directory);

        assertThat(compiled.invokedCapabilities()).containsExactly("orders.list");
    }

    @Test
    void aWriteCapabilityIsRefused() {
        assertThat(problems(plan(step("cancel", "invoke", "orders.cancel", "{\"orderId\": \"O-1\"}")))).containsExactly(
                new CapabilityPlanProblem("/steps/0/from/capability", "orders.cancel is not read-only: a plan calls read-only"
                        + " capabilities only"));
    }

    @Test
    void aCapabilityTheProjectDoesNotHaveIsRefused() {
        assertThat(problems(plan(step("x", "invoke", "orders.archive", "{}")))).containsExactly(
                new CapabilityPlanProblem("/steps/0/from/capability", "no capability orders.archive in this project"));
    }

    @Test
    void aWriteCapabilityBehindAnAntiJoinIsRefused() {
        CapabilityPlan plan = plan("""
                {"name": "open", "kind": "exists", "from": {"capability": "orders.list",
                   "args": {"customerId": {"arg": "customerId"}}},
                 "antiJoin": {"from": {"capability": "orders.cancel", "args": {"orderId": "O-1"}}, "on": {"id": "orderId"}}}""");

        assertThat(problems(plan)).containsExactly(new CapabilityPlanProblem("/steps/0/antiJoin/from/capability",
                "orders.cancel is not read-only: a plan calls read-only capabilities only"));
    }

    @Test
    void argumentsAreThoseTheCalledCapabilityTakesNoneBoundFromTheRunContext() {
        assertThat(problems(plan(step("orders", "count", "orders.list", "{\"state\": \"open\", \"tenant\": \"globex\"}"))))
                .containsExactly(
                        new CapabilityPlanProblem("/steps/0/from/args/state", "orders.list takes no argument state (it takes"
                                + " customerId, status, tenant)"),
                        new CapabilityPlanProblem("/steps/0/from/args/tenant", "orders.list binds tenant from the run context;"
                                + " a plan may not pass it"),
                        new CapabilityPlanProblem("/steps/0/from/args", "orders.list needs the argument customerId"));
    }

    @Test
    void aPlanThatCallsItselfIsRefused() {
        assertThat(problems(plan(step("again", "invoke", "accounts.check", "{\"customerId\": {\"arg\": \"customerId\"}}"))))
                .containsExactly(new CapabilityPlanProblem("/steps/0/from/capability", "calling accounts.check leads back to"
                        + " accounts.check (accounts.check -> accounts.check): a plan may not call itself, directly or"
                        + " through other plans"));
    }

    @Test
    void recursionThroughTwoOtherPlansIsRefused() {
        registerPlan("risk.review", "risk.inner");
        registerPlan("risk.inner", "accounts.check");

        assertThat(problems(plan(step("risk", "invoke", "risk.review", "{\"customerId\": {\"arg\": \"customerId\"}}"))))
                .containsExactly(new CapabilityPlanProblem("/steps/0/from/capability", "calling risk.review leads back to"
                        + " accounts.check (accounts.check -> risk.review -> risk.inner -> accounts.check): a plan may"
                        + " not call itself, directly or through other plans"));
    }

    @Test
    void aPlanMayCallAnotherPlanThatDoesNotLeadBack() {
        registerPlan("risk.review", "orders.list");

        CapabilityPlanRegistration.check(plan(step("risk", "invoke", "risk.review", "{\"customerId\": {\"arg\": \"customerId\"}}")),
                directory);
    }

    @Test
    void aPayloadThatDoesNotMatchReturnsIsRefused() {
        CapabilityPlan plan = PlanTexts.plan("[" + step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}}") + ", " + step("customer", "lookup", "customers.detail",
                "{\"customerId\": {\"arg\": \"customerId\"}}") + "]", "[{\"when\": {\"left\": {\"step\": \"orders\"},"
                + " \"op\": \"gt\", \"right\": 9}, \"decision\": \"blocked\", \"reason\": \"many\", \"detail\": \"Many.\"}]",
                "{\"orders\": \"orders\", \"customer\": \"customer\", \"extra\": \"orders\"}", """
                {"type": "object", "additionalProperties": false, "required": ["decision", "orders", "risk"],
                 "properties": {"decision": {"enum": ["ok", "review"]}, "reasons": {"type": "array"},
                                "orders": {"type": "string"}, "customer": {"type": "object"}}}""");

        assertThat(problems(plan)).containsExactly(
                new CapabilityPlanProblem("/returns/required", "returns requires risk, which the payload does not produce"),
                new CapabilityPlanProblem("/payload/customer", "step customer (lookup) outputs object or null, but returns"
                        + " declares object"),
                new CapabilityPlanProblem("/payload/extra", "returns admits no field extra"),
                new CapabilityPlanProblem("/payload/orders", "step orders (count) outputs integer, but returns declares string"),
                new CapabilityPlanProblem("/returns/properties/decision", "the plan can decide blocked, which returns does not"
                        + " admit"));
    }

    @Test
    void aNameOfAConnectionsCapabilityIsNotAPlansName() {
        String text = PlanTexts.text(1, "[" + step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}}") + "]", "[]", "{}", OPEN, "")
                .replace("\"accounts.check\"", "\"customers.detail\"");

        assertThat(problems(PlanTexts.read(text))).containsExactly(new CapabilityPlanProblem("/name",
                "customers.detail is a capability of a connection; a plan needs a name of its own"));
    }

    @Test
    void aChangeNeedsAHigherVersionAndTheSameVersionAgainIsAccepted() {
        CapabilityPlan v2 = PlanTexts.read(PlanTexts.text(2, "[" + step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}}") + "]", "[]", "{}", OPEN, ""));
        registry.put("accounts.check", new RegisteredCapability("accounts.check", true, Map.of(), v2));

        CapabilityPlanRegistration.check(v2, directory);
        assertThat(problems(PlanTexts.read(PlanTexts.text(1, "[" + step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}}") + "]", "[]", "{}", OPEN, "")))).containsExactly(
                new CapabilityPlanProblem("/version", "version 2 of accounts.check is registered; a change needs a higher version"));
        assertThat(problems(PlanTexts.read(PlanTexts.text(2, "[" + step("orders", "count", "orders.list",
                "{\"customerId\": {\"arg\": \"customerId\"}, \"status\": \"open\"}") + "]", "[]", "{}", OPEN, ""))))
                .containsExactly(new CapabilityPlanProblem("/version", "version 2 of accounts.check is registered with other"
                        + " content; a change needs a higher version"));
    }

    @Test
    void languageAndRegistryProblemsAreReportedTogether() {
        assertThat(problems(plan(step("orders", "count", "orders.cancel", "{\"orderId\": {\"arg\": \"orderId\"}}"))))
                .containsExactly(
                        new CapabilityPlanProblem("/steps/0/from/args/orderId/arg", "the plan's args declare no orderId"),
                        new CapabilityPlanProblem("/steps/0/from/capability", "orders.cancel is not read-only: a plan calls"
                                + " read-only capabilities only"));
    }

    private void registerPlan(String name, String calls) {
        CapabilityPlan plan = PlanTexts.read(PlanTexts.text(1, "[" + step("inner", "invoke", calls,
                "{\"customerId\": {\"arg\": \"customerId\"}}") + "]", "[]", "{}", OPEN, "")
                .replaceFirst("\"accounts\\.check\"", "\"" + name + "\""));
        registry.put(name, new RegisteredCapability(name, true, BY_CUSTOMER, plan));
    }

    private static CapabilityPlan plan(String step) {
        return PlanTexts.plan("[" + step + "]", "[]", "{}", OPEN);
    }

    private static String step(String name, String kind, String capability, String args) {
        return """
                {"name": "%s", "kind": "%s", "from": {"capability": "%s", "args": %s}}""".formatted(name, kind,
                capability, args);
    }

    private List<CapabilityPlanProblem> problems(CapabilityPlan plan) {
        return catchThrowableOfType(() -> CapabilityPlanRegistration.check(plan, directory), CapabilityPlanRefusedException.class)
                .problems();
    }
}
