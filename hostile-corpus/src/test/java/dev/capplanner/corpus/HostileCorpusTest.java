package dev.capplanner.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * Every corpus entry through import, routing, both planners, the executor and the stored report, held
 * to {@link Invariants}. The timeout is a hang guard only (a stage that does not return on hostile
 * input), far above what an entry takes; it asserts nothing about speed. A stage that throws breaks
 * invariant (c). Problems {@link KnownGaps} explains are reported, not failed; the gaps must still show.
 */
class HostileCorpusTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(10);
    private static final Set<KnownGaps> SEEN = EnumSet.noneOf(KnownGaps.class);

    @TestFactory
    Stream<DynamicTest> everyEntryHoldsEveryInvariant() {
        Pipeline pipeline = new Pipeline(Maskers.reportMasker());
        return Corpus.entries().stream().map(entry -> DynamicTest.dynamicTest(entry.id(), () -> {
            List<String> unexplained = new ArrayList<>();
            for (String problem : problems(pipeline, entry)) {
                KnownGaps.explaining(entry, problem).ifPresentOrElse(gap -> {
                    synchronized (SEEN) {
                        SEEN.add(gap);
                    }
                }, () -> unexplained.add(problem));
            }
            assertThat(unexplained).as("%s (%s, planted in %s, tries: %s)", entry.id(), entry.category(),
                    entry.plantedIn(), entry.tries()).isEmpty();
        }));
    }

    @AfterAll
    static void everyKnownGapStillShows() {
        assertThat(SEEN).as("a known gap no entry shows any more was fixed: remove it from KnownGaps")
                .containsExactlyInAnyOrder(KnownGaps.values());
    }

    private static List<String> problems(Pipeline pipeline, CorpusEntry entry) {
        Pipeline.Trace trace;
        try {
            trace = assertTimeoutPreemptively(HANG_GUARD, () -> pipeline.run(entry));
        } catch (AssertionFailedError timedOut) {
            return List.of("did not return within " + HANG_GUARD.toSeconds() + " s");
        } catch (Throwable thrown) {
            return List.of("threw " + thrown);
        }
        return Invariants.all(trace);
    }
}
