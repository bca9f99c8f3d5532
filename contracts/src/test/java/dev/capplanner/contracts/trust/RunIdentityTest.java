package dev.capplanner.contracts.trust;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SessionScope;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A run id reused by anyone else is another run: its stored data is never the first run's. */
class RunIdentityTest {

    static final RunContext RUN = new RunContext("turn-1", "turn-1", 1, "acme", "support-desk", "conv-1",
            new Principal("u-17", List.of("support-lead", "support-agent")));
    static final String PRE_SCOPE_KEY = "run:a13971891f6672886cfd22e1cb107bc01f3a1d3cf0d1905af85a672f52e58036";

    @Test
    void theSameRunAlwaysHasTheSameKey() {
        assertThat(RunIdentity.keyOf(RUN)).isEqualTo(RunIdentity.keyOf(copy(RUN, r -> r)))
                .matches("run:[0-9a-f]{64}");
    }

    @Test
    void aRunIdReusedByAnotherTenantProjectConversationUserOrRoleSetIsAnotherRun() {
        List<RunContext> reuses = List.of(
                with(RUN, "globex", RUN.projectId(), RUN.conversationId(), RUN.principal()),
                with(RUN, RUN.tenantId(), "billing", RUN.conversationId(), RUN.principal()),
                with(RUN, RUN.tenantId(), RUN.projectId(), "conv-2", RUN.principal()),
                with(RUN, RUN.tenantId(), RUN.projectId(), RUN.conversationId(),
                        new Principal("u-18", RUN.principal().roles())),
                with(RUN, RUN.tenantId(), RUN.projectId(), RUN.conversationId(),
                        new Principal("u-17", List.of("support-agent"))),
                with(RUN, RUN.tenantId(), RUN.projectId(), RUN.conversationId(),
                        new Principal("u-17", List.of("support-lead", "support-agent", "admin"))));
        Set<String> keys = Stream.concat(Stream.of(RUN), reuses.stream()).map(RunIdentity::keyOf)
                .collect(Collectors.toSet());
        assertThat(keys).hasSize(reuses.size() + 1);
    }

    @Test
    void aRunIdReusedWithAnotherSessionScopeIsAnotherRunAndARunWithoutOneKeepsItsKey() {
        List<RunContext> scoped = Stream.of(new SessionScope("th-1", null, null), new SessionScope("th-2", null, null),
                new SessionScope(null, "th-1", null), new SessionScope(null, null, "th-1"),
                new SessionScope("th-1", null, "T-1")).map(scope -> new RunContext(RUN.runId(), RUN.turnId(),
                RUN.iteration(), RUN.tenantId(), RUN.projectId(), RUN.conversationId(), RUN.principal(), scope))
                .toList();
        Set<String> keys = Stream.concat(Stream.of(RUN), scoped.stream()).map(RunIdentity::keyOf)
                .collect(Collectors.toSet());

        assertThat(keys).hasSize(scoped.size() + 1);
        // The key every run had before scopes existed: ledgers already stored under it stay the run's.
        assertThat(RunIdentity.keyOf(RUN)).isEqualTo(PRE_SCOPE_KEY);
    }

    @Test
    void fieldsThatCannotBeToldApartByJoiningAreStillTwoRuns() {
        // "a" + "b:c" and "a:b" + "c" join to the same text; the identity must not.
        RunContext first = with(RUN, "a", "b:c", RUN.conversationId(), RUN.principal());
        RunContext second = with(RUN, "a:b", "c", RUN.conversationId(), RUN.principal());
        assertThat(RunIdentity.keyOf(first)).isNotEqualTo(RunIdentity.keyOf(second));
    }

    @Test
    void roleOrderTurnAndIterationDoNotChangeTheRun() {
        RunContext sameRun = new RunContext("turn-1", "turn-9", 3, "acme", "support-desk", "conv-1",
                new Principal("u-17", List.of("support-agent", "support-lead")));
        assertThat(RunIdentity.keyOf(sameRun)).isEqualTo(RunIdentity.keyOf(RUN));
    }

    private static RunContext with(RunContext run, String tenant, String project, String conversation,
                                   Principal principal) {
        return new RunContext(run.runId(), run.turnId(), run.iteration(), tenant, project, conversation, principal);
    }

    private static RunContext copy(RunContext run, UnaryOperator<RunContext> change) {
        return change.apply(new RunContext(run.runId(), run.turnId(), run.iteration(), run.tenantId(),
                run.projectId(), run.conversationId(), new Principal(run.principal().userId(),
                List.copyOf(run.principal().roles()))));
    }
}
