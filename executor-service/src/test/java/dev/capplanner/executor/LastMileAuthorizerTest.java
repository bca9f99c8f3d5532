package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.CallVerdict;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.authorization.LiveAuthorization;
import dev.capplanner.executor.authorization.TargetAvailability;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionPlan;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.GrantedTool;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** One case per part of rule "last-mile check". */
class LastMileAuthorizerTest {

    static final Map<String, Object> ORDER_SCHEMA = Map.of("type", "object", "additionalProperties", false,
            "required", List.of("orderId"),
            "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$")));
    static final Map<String, Object> TENANT_BOUND_SCHEMA = Map.of("type", "object", "additionalProperties", false,
            "required", List.of("orderId", "tenant"),
            "properties", Map.of("orderId", Map.of("type", "string"),
                    "tenant", Map.of("type", "string", "x-capplanner-bind", "tenant")));

    /** What the registry answers right now, per tool; a tool it does not know is denied. */
    final Map<String, AuthorizationDecision> registry = new HashMap<>(Map.of("orders.detail", AuthorizationDecision.allow()));
    final List<String> asked = new ArrayList<>();
    final LiveAuthorization live = (run, principal, tool) -> {
        asked.add(principal.userId() + " " + tool);
        if (tool.equals("orders.fail")) {
            return CompletableFuture.failedFuture(new java.net.ConnectException("refused"));
        }
        return CompletableFuture.completedFuture(registry.getOrDefault(tool, AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "registry: unknown capability")));
    };
    final LastMileAuthorizer authorizer = new LastMileAuthorizer(Set.of("demo-api"), live, new JsonSchemaArgumentCheck());
    final CallRequest action = new CallRequest("a1", "orders.detail", Map.of("orderId", "O-5002"));
    final RunScope run = new RunScope("acme", "support-desk");
    final RunScope snapshot = new RunScope("acme", "support-desk");
    final ToolEndpoint endpoint = new ToolEndpoint("demo-api", "GET", "/orders/{orderId}");
    final GrantedTool grant = new GrantedTool("orders.detail", true, endpoint, ORDER_SCHEMA, null);

    @Test
    void grantedReadOnlyToolOfTheRunsSnapshotIsAllowedWithItsArguments() {
        assertThat(check(action, snapshot, Map.of("orders.detail", grant)))
                .isEqualTo(new CallVerdict.Go(Map.of("orderId", "O-5002")));
    }

    @Test
    void snapshotOfAnotherTenantOrProjectIsDenied() {
        assertThat(reason(check(action, new RunScope("globex", "support-desk"), Map.of("orders.detail", grant))))
                .isEqualTo("snapshot belongs to another tenant");
        assertThat(reason(check(action, new RunScope("acme", "other"), Map.of("orders.detail", grant))))
                .isEqualTo("snapshot belongs to another project");
    }

    @Test
    void toolOutsideTheSnapshotIsDenied() {
        assertThat(reason(check(action, snapshot, Map.of()))).isEqualTo("tool orders.detail is not in the run's snapshot");
    }

    @Test
    void nonReadOnlyOrUnsafeMethodIsDenied() {
        GrantedTool mutative = new GrantedTool("orders.detail", false, endpoint, ORDER_SCHEMA, null);
        assertThat(reason(check(action, snapshot, Map.of("orders.detail", mutative))))
                .isEqualTo("tool orders.detail is not read-only");
        GrantedTool post = new GrantedTool("orders.detail", true, new ToolEndpoint("demo-api", "POST", "/orders"),
                ORDER_SCHEMA, null);
        assertThat(reason(check(action, snapshot, Map.of("orders.detail", post)))).isEqualTo("tool orders.detail uses HTTP POST");
    }

    @Test
    void argumentsAreRevalidatedAgainstTheInputSchemaWithoutQuotingThem() {
        CallRequest invented = new CallRequest("a1", "orders.detail", Map.of("orderId", "DROP TABLE orders"));
        assertThat(reason(check(invented, snapshot, Map.of("orders.detail", grant))))
                .startsWith("arguments of orders.detail do not match its input schema at ")
                .contains("/orderId (pattern)").doesNotContain("DROP");
        CallRequest extra = new CallRequest("a1", "orders.detail", Map.of("orderId", "O-5002", "limit", 5));
        assertThat(reason(check(extra, snapshot, Map.of("orders.detail", grant)))).contains("do not match its input schema");
        assertThat(asked).as("the registry is not asked about a call that is refused anyway").isEmpty();
    }

    @Test
    void hiddenArgumentsAreBoundFromTheRunAndNeverTakenFromThePlan() {
        GrantedTool tenantBound = new GrantedTool("orders.detail", true, endpoint, TENANT_BOUND_SCHEMA, null);
        assertThat(check(action, snapshot, Map.of("orders.detail", tenantBound)))
                .isEqualTo(new CallVerdict.Go(Map.of("orderId", "O-5002", "tenant", "acme")));
        CallRequest smuggled = new CallRequest("a1", "orders.detail", Map.of("orderId", "O-5002", "tenant", "globex"));
        assertThat(reason(check(smuggled, snapshot, Map.of("orders.detail", tenantBound))))
                .isEqualTo("argument tenant is bound from the run context and may not be supplied by a plan");
    }

    @Test
    void theRegistryDecidesLastAndItsDenialStands() {
        assertThat(check(action, snapshot, Map.of("orders.detail", grant))).isInstanceOf(CallVerdict.Go.class);
        assertThat(asked).containsExactly("u-17 orders.detail");
        registry.put("orders.detail", AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "registry: missing permission orders:read"));
        assertThat(reason(check(action, snapshot, Map.of("orders.detail", grant))))
                .isEqualTo("registry: missing permission orders:read");
    }

    @Test
    void theRegistryIsNotAskedWhenTheSnapshotAlreadyDenies() {
        check(action, snapshot, Map.of());
        assertThat(asked).isEmpty();
    }

    @Test
    void anUnreachableRegistryIsADenial() {
        CallRequest failing = new CallRequest("a1", "orders.fail", Map.of("orderId", "O-5002"));
        GrantedTool tool = new GrantedTool("orders.fail", true, endpoint, ORDER_SCHEMA, null);
        assertThat(reason(check(failing, snapshot, Map.of("orders.fail", tool))))
                .isEqualTo("authorization unavailable: ConnectException");
    }

    @Test
    void everyDenialNamesTheRuleItIsCountedUnder() {
        assertThat(rule(check(action, new RunScope("globex", "support-desk"), Map.of("orders.detail", grant))))
                .isEqualTo(DenialRule.SNAPSHOT_SCOPE);
        assertThat(rule(check(action, snapshot, Map.of()))).isEqualTo(DenialRule.NOT_IN_SNAPSHOT);
        CallRequest invented = new CallRequest("a1", "orders.detail", Map.of("orderId", "DROP TABLE orders"));
        assertThat(rule(check(invented, snapshot, Map.of("orders.detail", grant)))).isEqualTo(DenialRule.ARGUMENT_SCHEMA);
        GrantedTool tenantBound = new GrantedTool("orders.detail", true, endpoint, TENANT_BOUND_SCHEMA, null);
        CallRequest smuggled = new CallRequest("a1", "orders.detail", Map.of("orderId", "O-5002", "tenant", "globex"));
        assertThat(rule(check(smuggled, snapshot, Map.of("orders.detail", tenantBound))))
                .isEqualTo(DenialRule.HIDDEN_ARGUMENT);
        registry.put("orders.detail", AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "registry: revoked"));
        assertThat(rule(check(action, snapshot, Map.of("orders.detail", grant)))).isEqualTo(DenialRule.REGISTRY_DENIED);
        CallRequest failing = new CallRequest("a1", "orders.fail", Map.of("orderId", "O-5002"));
        GrantedTool tool = new GrantedTool("orders.fail", true, endpoint, ORDER_SCHEMA, null);
        assertThat(rule(check(failing, snapshot, Map.of("orders.fail", tool))))
                .isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
    }

    private static DenialRule rule(CallVerdict verdict) {
        assertThat(verdict).isInstanceOf(CallVerdict.Refused.class);
        return ((CallVerdict.Refused) verdict).rule();
    }

    @Test
    void unavailableTargetIsDenied() {
        GrantedTool elsewhere = new GrantedTool("orders.detail", true, new ToolEndpoint("billing", "GET", "/x"),
                ORDER_SCHEMA, null);
        assertThat(reason(check(action, snapshot, Map.of("orders.detail", elsewhere))))
                .isEqualTo("target service billing is not available");
    }

    @Test
    void aToolWhoseConnectionIsInShadowIsRefusedBeforeTheRegistryIsAskedOrTheTargetCalled() {
        GrantedTool shadow = new GrantedTool("orders.detail", true, endpoint, ORDER_SCHEMA, null, null, "order", null,
                List.of(), true);

        CallVerdict verdict = check(action, snapshot, Map.of("orders.detail", shadow));

        assertThat(verdict).isEqualTo(new CallVerdict.Refused(DenialRule.IN_SHADOW,
                "tool orders.detail's connection is in shadow: planned and compared, never called"));
        assertThat(asked).isEmpty();
    }

    @Test
    void aTargetWhoseBreakerIsOpenIsDeniedWithoutAskingTheRegistryOrCallingIt() {
        TargetAvailability open = new TargetAvailability() {
            @Override
            public boolean configured(dev.capplanner.executor.request.ToolEndpoint endpoint) {
                return endpoint.service().equals("demo-api");
            }

            @Override
            public boolean available(dev.capplanner.executor.request.ToolEndpoint endpoint) {
                return false;
            }
        };
        LastMileAuthorizer guarded = new LastMileAuthorizer(open, live, new JsonSchemaArgumentCheck());
        ExecutionRequest request = new ExecutionRequest(run, new RunPrincipal("u-17", List.of("support-agent")),
                "conv-1", snapshot, Map.of("orders.detail", grant), new ExecutionPlan.Calls(List.of(action)));
        CallVerdict verdict = guarded.check(action, request).toCompletableFuture().join();
        assertThat(verdict).isEqualTo(new CallVerdict.Refused(DenialRule.TARGET_UNAVAILABLE,
                "the demo-api service is not answering right now (its recent calls failed); try again in a minute"));
        assertThat(asked).as("the registry is not asked either").isEmpty();
    }

    private CallVerdict check(CallRequest call, RunScope snapshotOwner, Map<String, GrantedTool> grants) {
        ExecutionRequest request = new ExecutionRequest(run, new RunPrincipal("u-17", List.of("support-agent")),
                "conv-1", snapshotOwner, grants, new ExecutionPlan.Calls(List.of(call)));
        return authorizer.check(call, request).toCompletableFuture().join();
    }

    private static String reason(CallVerdict verdict) {
        assertThat(verdict).isInstanceOf(CallVerdict.Refused.class);
        return ((CallVerdict.Refused) verdict).reason();
    }
}
