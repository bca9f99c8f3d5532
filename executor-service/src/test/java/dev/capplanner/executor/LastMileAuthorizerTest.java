package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.authorization.LiveAuthorization;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionPlan;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.GrantedTool;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One case per part of rule "last-mile check". */
class LastMileAuthorizerTest {

    /** What the registry answers right now, per tool; a tool it does not know is denied. */
    final Map<String, AuthorizationDecision> registry = new HashMap<>(Map.of("orders.detail", AuthorizationDecision.allow()));
    final List<String> asked = new ArrayList<>();
    final LiveAuthorization live = (run, principal, tool) -> {
        asked.add(principal.userId() + " " + tool);
        if (tool.equals("orders.fail")) {
            return CompletableFuture.failedFuture(new java.net.ConnectException("refused"));
        }
        return CompletableFuture.completedFuture(registry.getOrDefault(tool, AuthorizationDecision.deny("registry: unknown capability")));
    };
    final LastMileAuthorizer authorizer = new LastMileAuthorizer(Set.of("demo-api"), live);
    final CallRequest action = new CallRequest("a1", "orders.detail", Map.of("orderId", "O-5002"));
    final RunScope run = new RunScope("acme", "support-desk");
    final RunScope snapshot = new RunScope("acme", "support-desk");
    final GrantedTool grant = new GrantedTool("orders.detail", true, new ToolEndpoint("demo-api", "GET", "/orders/{orderId}"),
            null);

    @Test
    void grantedReadOnlyToolOfTheRunsSnapshotIsAllowed() {
        assertThat(check(snapshot, Map.of("orders.detail", grant))).isEqualTo(AuthorizationDecision.allow());
    }

    @Test
    void snapshotOfAnotherTenantOrProjectIsDenied() {
        assertThat(check(new RunScope("globex", "support-desk"), Map.of("orders.detail", grant))
                .reason()).isEqualTo("snapshot belongs to another tenant");
        assertThat(check(new RunScope("acme", "other"), Map.of("orders.detail", grant))
                .reason()).isEqualTo("snapshot belongs to another project");
    }

    @Test
    void toolOutsideTheSnapshotIsDenied() {
        assertThat(check(snapshot, Map.of()).reason()).isEqualTo("tool orders.detail is not in the run's snapshot");
    }

    @Test
    void nonReadOnlyOrUnsafeMethodIsDenied() {
        GrantedTool mutative = new GrantedTool("orders.detail", false, grant.endpoint(), null);
        assertThat(check(snapshot, Map.of("orders.detail", mutative)).reason()).isEqualTo("tool orders.detail is not read-only");
        GrantedTool post = new GrantedTool("orders.detail", true, new ToolEndpoint("demo-api", "POST", "/orders"), null);
        assertThat(check(snapshot, Map.of("orders.detail", post)).reason()).isEqualTo("tool orders.detail uses HTTP POST");
    }

    @Test
    void theRegistryDecidesLastAndItsDenialStands() {
        assertThat(check(snapshot, Map.of("orders.detail", grant))).isEqualTo(AuthorizationDecision.allow());
        assertThat(asked).containsExactly("u-17 orders.detail");
        registry.put("orders.detail", AuthorizationDecision.deny("registry: missing permission orders:read"));
        assertThat(check(snapshot, Map.of("orders.detail", grant)).reason())
                .isEqualTo("registry: missing permission orders:read");
    }

    @Test
    void theRegistryIsNotAskedWhenTheSnapshotAlreadyDenies() {
        check(snapshot, Map.of());
        assertThat(asked).isEmpty();
    }

    @Test
    void anUnreachableRegistryIsADenial() {
        CallRequest failing = new CallRequest("a1", "orders.fail", Map.of());
        GrantedTool tool = new GrantedTool("orders.fail", true, grant.endpoint(), null);
        assertThat(authorizer.check(failing, request(snapshot, Map.of("orders.fail", tool))).toCompletableFuture().join())
                .isEqualTo(AuthorizationDecision.deny("authorization unavailable: ConnectException"));
    }

    @Test
    void unavailableTargetIsDenied() {
        GrantedTool elsewhere = new GrantedTool("orders.detail", true, new ToolEndpoint("billing", "GET", "/x"), null);
        assertThat(check(snapshot, Map.of("orders.detail", elsewhere)).reason())
                .isEqualTo("target service billing is not available");
    }

    private AuthorizationDecision check(RunScope snapshotOwner, Map<String, GrantedTool> grants) {
        return authorizer.check(action, request(snapshotOwner, grants)).toCompletableFuture().join();
    }

    private ExecutionRequest request(RunScope snapshotOwner, Map<String, GrantedTool> grants) {
        return new ExecutionRequest(run, new RunPrincipal("u-17", List.of("support-agent")), snapshotOwner, grants,
                new ExecutionPlan.Calls(List.of(action)));
    }
}
