package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of a record's nested records a question names: that one's key is read first. */
class NestedRecordsTest {

    static final List<String> ISSUE = List.of("id", "user.login", "assignee.login", "closed_by.login");
    static final List<String> COMMITS = List.of("[].sha", "[].author.login", "[].committer.login");

    @Test
    void theNestedRecordAWordOfTheQuestionNamesComesFirst() {
        assertThat(NestedRecords.namedFirst(ISSUE, "Who is assigned to issue 77?"))
                .startsWith("assignee.login");
        assertThat(NestedRecords.namedFirst(ISSUE, "Who closed issue 77?")).startsWith("closed_by.login");
        assertThat(NestedRecords.namedFirst(COMMITS, "Who authored the last commit?")).startsWith("[].author.login");
        assertThat(NestedRecords.namedFirst(COMMITS, "Who committed the last change?"))
                .startsWith("[].committer.login");
    }

    @Test
    void withoutAWordForOneTheDeclaredOrderStands() {
        assertThat(NestedRecords.namedFirst(ISSUE, "Who opened issue 77?")).isEqualTo(ISSUE);
        assertThat(NestedRecords.namedFirst(COMMITS, "Who made the last commit?"))
                .as("commit is not the committer").isEqualTo(COMMITS);
        assertThat(NestedRecords.namedFirst(ISSUE, null)).isEqualTo(ISSUE);
    }
}
