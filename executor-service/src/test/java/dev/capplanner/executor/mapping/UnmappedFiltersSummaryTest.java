package dev.capplanner.executor.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The turn's summary tells the user which requested filters the plan could not apply. */
class UnmappedFiltersSummaryTest {

    @Test
    void theSummarySaysWhichRequestedFiltersWereNotApplied() {
        assertThat(ExecutionEvents.withUnmapped("artifact: tickets.list returned 3 record(s)", List.of("cancelled")))
                .isEqualTo("artifact: tickets.list returned 3 record(s); not filtered by cancelled: no capability that"
                        + " answered accepts it");
        assertThat(ExecutionEvents.withUnmapped("answered: No ticket for customer C-1001 was found.", List.of("urgent")))
                .as("after a sentence, a sentence").isEqualTo("answered: No ticket for customer C-1001 was found."
                        + " Not filtered by urgent: no capability that answered accepts it.");
        assertThat(ExecutionEvents.withUnmapped("answered: x", null)).isEqualTo("answered: x");
        assertThat(ExecutionEvents.withUnmapped("answered: x", List.of())).isEqualTo("answered: x");
    }
}
