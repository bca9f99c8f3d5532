package dev.capplanner.contracts.inputschema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A remote pattern matched or searched within a budget of characters read. */
class BoundedMatchTest {

    @Test
    void aSearchFindsTheFirstPartWithinItsBudget() {
        Pattern ticket = Pattern.compile("T-[0-9]{4}");
        assertThat(BoundedMatch.find(ticket, "Where is T-1024 and T-2048?", 1_000)).contains("T-1024");
        assertThat(BoundedMatch.find(ticket, "no ticket here", 1_000)).isEmpty();
        assertThat(BoundedMatch.find(ticket, "x".repeat(2_000) + " T-1024", 100))
                .as("the budget is spent before the value is reached").isEmpty();
    }

    @Test
    void aPatternThatBacktracksWithoutEndFindsNothing() {
        Pattern hostile = Pattern.compile("(a+)+$");
        String question = "a".repeat(40) + "!";
        assertThat(BoundedMatch.find(hostile, question, 100_000)).isEmpty();
        assertThat(BoundedMatch.matches(hostile, question, 100_000)).isFalse();
    }
}
