package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SessionScope;
import dev.capplanner.contracts.trust.RunIdentity;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.CallVerdict;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ExecutionPlan;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Seed rule (synapsor): thread, branch and object scope are hidden arguments like tenant and principal:
 * the chat backend's scope fills them, a plan never does, and a run without the one a call binds is
 * refused that call.
 */
class SessionScopeBindingTest {

    static final Capability TICKET_MESSAGES = new Capability("tickets.messages", "api", "api:tickets", "ticket",
            "list", "Messages of the ticket the chat is opened on", List.of(), true,
            new Endpoint("demo-api", "GET", "/tickets/{ticketId}/messages"),
            Map.of("type", "object", "required", List.of("ticketId"), "properties", Map.of(
                    "ticketId", Map.of("type", "string", "x-capplanner-bind", "object"),
                    "tenant", Map.of("type", "string", "x-capplanner-bind", "tenant"))), null);

    final LastMileAuthorizer authorizer = new LastMileAuthorizer(Set.of("demo-api"),
            (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
            new JsonSchemaArgumentCheck());

    @Test
    void theObjectTheChatIsOpenedOnFillsTheArgumentThatBindsIt() {
        ExecutionRequest request = request(withScope(new SessionScope("th-9", null, "T-1001")), Map.of());

        assertThat(check(request)).isEqualTo(new CallVerdict.Go(Map.of("ticketId", "T-1001", "tenant", "acme")));
        assertThat(request.runContext()).containsEntry("thread", "th-9").doesNotContainKey("branch");
    }

    @Test
    void aPlanThatNamesTheObjectItselfIsRefusedEvenWhenTheRunHasOne() {
        ExecutionRequest request = request(withScope(new SessionScope(null, null, "T-1001")), Map.of("ticketId", "T-2002"));

        assertThat(check(request)).isInstanceOfSatisfying(CallVerdict.Refused.class,
                refused -> assertThat(refused.rule()).isEqualTo(DenialRule.HIDDEN_ARGUMENT));
    }

    @Test
    void aRunWithoutTheScopeACallBindsIsRefusedThatCallNotCalledWithoutIt() {
        for (RunContext run : List.of(TurnFixtures.run("r"), withScope(new SessionScope("th-9", "main", null)))) {
            assertThat(check(request(run, Map.of()))).as("run scope %s", run.scope())
                    .isInstanceOfSatisfying(CallVerdict.Refused.class, refused -> {
                        assertThat(refused.rule()).isEqualTo(DenialRule.HIDDEN_ARGUMENT);
                        assertThat(refused.reason()).contains("object");
                    });
        }
    }

    @Test
    void theScopeIsPartOfTheRunsKeySoAnotherObjectIsAnotherLedger() {
        ExecutionRequest one = request(withScope(new SessionScope(null, null, "T-1001")), Map.of());
        ExecutionRequest other = request(withScope(new SessionScope(null, null, "T-2002")), Map.of());
        ExecutionRequest none = request(TurnFixtures.run("r"), Map.of());

        assertThat(Set.of(one.runKey(), other.runKey(), none.runKey())).hasSize(3);
        assertThat(none.runKey()).isEqualTo(RunIdentity.keyOf(TurnFixtures.run("r")));
    }

    private static RunContext withScope(SessionScope scope) {
        RunContext run = TurnFixtures.run("r");
        return new RunContext(run.runId(), run.turnId(), run.iteration(), run.tenantId(), run.projectId(),
                run.conversationId(), run.principal(), scope);
    }

    private static ExecutionRequest request(RunContext run, Map<String, Object> arguments) {
        List<Capability> snapshot = List.of(TICKET_MESSAGES);
        PlanProposed plan = new PlanProposed("v1", "e", Instant.now(), run, "capability",
                CapabilityFixtures.snapshotRef(run, snapshot), Plan.actions("capability", List.of(
                new PlannedAction("a1", TICKET_MESSAGES.name(), arguments, List.of()))), null, null);
        return ExecutionEvents.request(plan, snapshot);
    }

    private CallVerdict check(ExecutionRequest request) {
        CallRequest call = ((ExecutionPlan.Calls) request.plan()).calls().get(0);
        return authorizer.check(call, request).toCompletableFuture().join();
    }
}
