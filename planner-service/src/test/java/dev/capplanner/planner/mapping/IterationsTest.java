package dev.capplanner.planner.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SessionScope;
import dev.capplanner.testing.events.TurnFixtures;
import org.junit.jupiter.api.Test;

/** The next iteration is the same run: everything it is keyed and sealed by is carried, the scope too. */
class IterationsTest {

    @Test
    void theNextIterationKeepsTheRunsSessionScope() {
        RunContext first = TurnFixtures.run("r");
        RunContext scoped = new RunContext(first.runId(), first.turnId(), 0, first.tenantId(), first.projectId(),
                first.conversationId(), first.principal(), new SessionScope("th-9", "main", "T-1001"));

        RunContext next = Iterations.next(scoped);

        assertThat(next).isEqualTo(new RunContext(first.runId(), first.turnId(), 1, first.tenantId(),
                first.projectId(), first.conversationId(), first.principal(), scoped.scope()));
    }
}
