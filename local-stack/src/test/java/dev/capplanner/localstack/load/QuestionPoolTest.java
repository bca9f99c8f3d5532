package dev.capplanner.localstack.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.localstack.stack.JvmProfile;
import dev.capplanner.localstack.stack.StackOptions;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class QuestionPoolTest {

    private static Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath().normalize();
    }

    @Test
    void aRunAsLongAsThePoolNeverAsksAQuestionTwice() {
        QuestionPool pool = new QuestionPool(1, 1_000);
        Set<String> asked = new HashSet<>();
        IntStream.range(0, pool.size()).forEach(i -> assertThat(asked.add(pool.question(i)))
                .as("turn %d asks a question asked before: %s", i, pool.question(i)).isTrue());
        assertThat(pool.size()).isEqualTo(1_000);
        assertThat(pool.question(pool.size())).as("past the pool the questions come round again").isEqualTo(pool.question(0));
    }

    @Test
    void theSameSeedGivesTheSameQuestionsAndAnotherSeedOthers() {
        List<String> first = IntStream.range(0, 1_000).mapToObj(new QuestionPool(7, 1_000)::question).toList();
        List<String> again = IntStream.range(0, 1_000).mapToObj(new QuestionPool(7, 1_000)::question).toList();
        List<String> other = IntStream.range(0, 1_000).mapToObj(new QuestionPool(8, 1_000)::question).toList();
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void neverFewerThanAThousandAndWiderOnRequest() {
        assertThat(new QuestionPool(1, 10).size()).isEqualTo(QuestionPool.MINIMUM_SIZE);
        assertThat(new QuestionPool(1, 5_000).size()).isEqualTo(5_000);
    }

    @Test
    void theQuestionsCoverEveryKindOfTurnNotOnePhrasing() {
        QuestionPool pool = new QuestionPool(1, 1_000);
        List<String> all = IntStream.range(0, pool.size()).mapToObj(pool::question).toList();
        // one-step reads by identifier, multi-step questions that need a customer found by name first,
        // the knowledge base, questions outside the catalog, writes
        assertThat(all).anyMatch(q -> q.matches("What is the status of order O-\\d+\\?"));
        assertThat(all).anyMatch(q -> q.startsWith("Track the parcel of "));
        assertThat(all).anyMatch(q -> q.startsWith("What is your "));
        assertThat(all).anyMatch(q -> q.startsWith("Is it going to rain in "));
        assertThat(all).anyMatch(q -> q.startsWith("Cancel order "));
        long byPhrasingStart = all.stream().map(q -> q.split(" ")[0] + " " + q.split(" ")[1]).distinct().count();
        assertThat(byPhrasingStart).as("phrasings, not one template").isGreaterThan(15);
        assertThat(all.stream().filter(q -> q.equals(all.get(0))).count()).isOne();
    }

    @Test
    void eachPhrasingKeepsItsShareUnlessItsValuesRunOut() {
        QuestionPool pool = new QuestionPool(1, 1_000);
        List<String> all = IntStream.range(0, pool.size()).mapToObj(pool::question).toList();
        int share = pool.size() / pool.phrasings();
        for (String phrasing : List.of("Who is customer ", "Track the parcel of ", "Which customer opened ticket ",
                "Payments for the invoice of order ", "Is the account of customer ")) {
            assertThat(all.stream().filter(q -> q.startsWith(phrasing)).count()).as(phrasing)
                    .isBetween((long) share - 3, (long) share + 3);
        }
        // ten topics, two phrasings: every knowledge-base question there is, and no more
        assertThat(all.stream().filter(q -> q.startsWith("What is your ") || q.startsWith("Can you tell me the ")))
                .hasSize(20);
    }

    @Test
    void theLoadRunsTheProductionJvmUnlessToldOtherwise() {
        assertThat(LoadOptions.parse(home()).stack().jvm()).isEqualTo(JvmProfile.PRODUCTION);
        assertThat(LoadOptions.parse(home(), "--jvm", "start-up").stack().jvm()).isEqualTo(JvmProfile.START_UP);
        assertThat(StackOptions.parse(home()).jvm()).as("./run-local.sh starts quickly").isEqualTo(JvmProfile.START_UP);
        assertThat(LoadOptions.parse(home(), "--questions", "2000", "--seed", "9"))
                .extracting(LoadOptions::questions, LoadOptions::seed).containsExactly(2000, 9L);
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--questions", "10"))
                .hasMessageContaining("at least 1000");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--questions", "2000000000"))
                .hasMessageContaining("at most 100000");
        assertThatThrownBy(() -> new QuestionPool(1, QuestionPool.MAXIMUM_SIZE + 1)).hasMessageContaining("at most");
        assertThatThrownBy(() -> LoadOptions.parse(home(), "--jvm", "fast")).hasMessageContaining("production or start-up");
    }
}
